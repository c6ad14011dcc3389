#include "mainwindow.h"

#include "io/scenarioreader.h"
#include "model/factname.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>
#include <QTreeWidget>

#include <map>

namespace goap::editor {

namespace {
QString formatCondition(const Condition &c) { return QStringLiteral("%1 >= %2").arg(c.fact).arg(c.min); }

QStringList describeAction(const Action &a)
{
    QStringList parts;
    for (const Condition &c : a.pre) parts << formatCondition(c);
    QStringList effects;
    for (const Effect &e : a.set) effects << QStringLiteral("%1 = %2").arg(e.fact).arg(e.value);
    for (const Effect &e : a.add) effects << QStringLiteral("%1 %2 %3").arg(e.fact, e.value < 0 ? u"-=" : u"+=").arg(std::abs(e.value));
    return {parts.join(u", "), effects.join(u", ")};
}
} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent), m_outline(new QTreeWidget(this)), m_issues(new QListWidget(this))
{
    setWindowTitle(QStringLiteral("GOAP Studio"));
    resize(1100, 720);

    m_outline->setColumnCount(2);
    m_outline->setHeaderLabels({tr("Item"), tr("Details")});
    m_outline->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_outline->setAlternatingRowColors(true);
    setCentralWidget(m_outline);

    auto *issuesDock = new QDockWidget(tr("Issues"), this);
    issuesDock->setObjectName(QStringLiteral("issuesDock"));
    issuesDock->setWidget(m_issues);
    addDockWidget(Qt::BottomDockWidgetArea, issuesDock);

    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *openAction = file->addAction(QIcon(QStringLiteral(":/icons/open.svg")), tr("&Open..."), this, &MainWindow::open);
    openAction->setShortcut(QKeySequence::Open);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), qApp, &QApplication::closeAllWindows);
    quit->setShortcut(QKeySequence::Quit);
    updateRecentMenu();
    statusBar()->showMessage(tr("Open a scenario to begin"));
}

void MainWindow::open()
{
    const QString name = QFileDialog::getOpenFileName(this, tr("Open Scenario"), QFileInfo(m_fileName).absolutePath(),
                                                      tr("GOAP scenarios (*.json);;All files (*)"));
    if (!name.isEmpty())
        openFile(name);
}

bool MainWindow::openFile(const QString &fileName)
{
    ReadResult result = readScenarioFile(fileName);
    showIssues(result.issues, fileName);
    if (!result.ok()) {
        statusBar()->showMessage(tr("%1 could not be opened: %n error(s)", nullptr, int(errorCount(result.issues)))
                                     .arg(QFileInfo(fileName).fileName()));
        return false;
    }
    m_scenario = std::move(*result.scenario);
    m_fileName = QFileInfo(fileName).absoluteFilePath();
    setWindowTitle(QStringLiteral("%1 — GOAP Studio").arg(QFileInfo(fileName).fileName()));
    rebuildOutline();
    QSettings settings;
    QStringList recent = settings.value(QStringLiteral("recentFiles")).toStringList();
    recent.removeAll(m_fileName);
    recent.prepend(m_fileName);
    settings.setValue(QStringLiteral("recentFiles"), recent.mid(0, 8));
    updateRecentMenu();
    statusBar()->showMessage(tr("Opened %1").arg(m_fileName));
    return true;
}

void MainWindow::updateRecentMenu()
{
    m_recentMenu->clear();
    const QStringList recent = QSettings().value(QStringLiteral("recentFiles")).toStringList();
    for (const QString &f : recent)
        m_recentMenu->addAction(QFileInfo(f).fileName(), this, [this, f] { openFile(f); })->setToolTip(f);
    m_recentMenu->setEnabled(!recent.isEmpty());
}

void MainWindow::showIssues(const Issues &issues, const QString &fileName)
{
    m_issues->clear();
    for (const Issue &issue : issues) {
        auto *item = new QListWidgetItem(issue.format(QFileInfo(fileName).fileName()), m_issues);
        item->setIcon(QIcon(issue.isError() ? QStringLiteral(":/icons/error.svg") : QStringLiteral(":/icons/warning.svg")));
    }
}

void MainWindow::rebuildOutline()
{
    m_outline->clear();
    const Scenario &s = m_scenario;
    auto section = [this](const QString &title, const QString &icon, qsizetype count) {
        auto *item = new QTreeWidgetItem(m_outline, {QStringLiteral("%1 (%2)").arg(title).arg(count)});
        item->setIcon(0, QIcon(icon));
        item->setExpanded(true);
        return item;
    };

    // Every fact in use, with its scope and seed.
    std::map<QString, QString> facts;
    for (const FactValue &f : s.world) facts[QStringLiteral("world.") + f.name] = tr("seed %1").arg(f.value);
    auto note = [&](const QString &fact) { facts.try_emplace(fact, QString()); };
    for (const Action &a : s.actions) {
        for (const Condition &c : a.pre) note(c.fact);
        for (const Effect &e : a.set) note(e.fact);
        for (const Effect &e : a.add) note(e.fact);
    }
    for (const Goal &g : s.goals)
        for (const Condition &c : g.conditions) note(c.fact);
    QTreeWidgetItem *factsItem = section(tr("Facts"), QStringLiteral(":/icons/fact.svg"), qsizetype(facts.size()));
    for (const auto &[name, detail] : facts) {
        const bool world = name.startsWith(u"world.");
        new QTreeWidgetItem(factsItem, {(world ? QStringLiteral("🌐 ") : QStringLiteral("🎒 ")) + name,
                                        world ? (detail.isEmpty() ? tr("world, seed 0") : tr("world, ") + detail) : tr("agent")});
    }
    QTreeWidgetItem *stations = section(tr("Stations"), QStringLiteral(":/icons/station.svg"), s.stations.size());
    for (const Station &st : s.stations)
        new QTreeWidgetItem(stations, {st.label, QStringLiteral("%1 at (%2, %3)").arg(st.id).arg(st.at.x).arg(st.at.y)});
    QTreeWidgetItem *actions = section(tr("Actions"), QStringLiteral(":/icons/action.svg"), s.actions.size());
    for (const Action &a : s.actions) {
        const QStringList d = describeAction(a);
        new QTreeWidgetItem(actions, {a.label, QStringLiteral("%1%2, %3 s, cost %4 | needs: %5 | does: %6")
                                                   .arg(a.id, a.station.isEmpty() ? QString() : QStringLiteral(" at ") + a.station)
                                                   .arg(a.duration).arg(a.cost)
                                                   .arg(d[0].isEmpty() ? tr("nothing") : d[0], d[1])});
    }
    QTreeWidgetItem *goals = section(tr("Goals"), QStringLiteral(":/icons/goal.svg"), s.goals.size());
    for (const Goal &g : s.goals) {
        QStringList conds;
        for (const Condition &c : g.conditions) conds << formatCondition(c);
        const QString drift = g.kind == GoalKind::Need ? tr("need: start %1, +%2/s").arg(g.start).arg(g.rate)
                                                       : tr("quota: urgency %1").arg(g.urgency);
        new QTreeWidgetItem(goals, {g.label, QStringLiteral("%1 | %2 | %3").arg(g.id, conds.join(u", "), drift)});
    }
    QTreeWidgetItem *agents = section(tr("Characters"), QStringLiteral(":/icons/character.svg"), s.agents.size());
    for (const Agent &a : s.agents) {
        QStringList goalIds;
        for (const GoalRef &r : a.goals) goalIds << r.goal;
        new QTreeWidgetItem(agents, {a.label, tr("%1 at (%2, %3), speed %4 | actions: %5 | goals: %6")
                                                  .arg(a.id).arg(a.at.x).arg(a.at.y).arg(a.speed)
                                                  .arg(a.actions.join(u", "), goalIds.join(u", "))});
    }
}

bool MainWindow::saveScreenshot(const QString &fileName)
{
    show();
    QApplication::processEvents();
    const QPixmap pixmap = grab();
    if (!pixmap.save(fileName)) {
        qWarning("cannot write %s", qPrintable(fileName));
        return false;
    }
    return true;
}

} // namespace goap::editor
