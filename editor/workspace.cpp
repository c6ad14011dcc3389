// Documents as tabs, and a split view, in one window (issue #29): see workspace.h.
#include "workspace.h"

#include "docks/docklayout.h"
#include "mainwindow.h"
#include "scene/mapscene.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileInfo>
#include <QMenu>
#include <QMenuBar>
#include <QMouseEvent>
#include <QScreen>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>
#include <QToolBar>
#include <QUndoStack>

namespace goap::editor {

Workspace::Workspace(QWidget *parent)
    : QMainWindow(parent)
    , m_splitter(new QSplitter(Qt::Horizontal, this))
{
    setObjectName(QStringLiteral("Workspace"));
    m_groups[0] = makeGroup();
    m_groups[1] = makeGroup();
    m_groups[0]->setObjectName(QStringLiteral("leftGroup"));
    m_groups[1]->setObjectName(QStringLiteral("rightGroup"));
    m_splitter->addWidget(m_groups[0]);
    m_splitter->addWidget(m_groups[1]);
    m_splitter->setChildrenCollapsible(false);
    setCentralWidget(m_splitter);

    // Tab switching answers anywhere in the window, whichever page has the focus.
    auto *next = new QAction(tr("Next Tab"), this);
    next->setObjectName(QStringLiteral("nextTab"));
    next->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_Tab), QKeySequence(Qt::CTRL | Qt::Key_PageDown)});
    connect(next, &QAction::triggered, this, [this] { nextTab(1); });
    auto *previous = new QAction(tr("Previous Tab"), this);
    previous->setObjectName(QStringLiteral("previousTab"));
    // X11 sends Shift+Tab as Backtab; both spellings, so either arrives.
    previous->setShortcuts({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Tab),
                            QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Backtab),
                            QKeySequence(Qt::CTRL | Qt::Key_PageUp)});
    connect(previous, &QAction::triggered, this, [this] { nextTab(-1); });
    addActions({next, previous});
    m_next = next;
    m_previous = previous;

    m_split = new QAction(tr("Split &Right"), this);
    m_split->setObjectName(QStringLiteral("splitRight"));
    m_split->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Backslash));
    m_split->setToolTip(tr("Two tab groups side by side: this tab moves to the right one"));
    connect(m_split, &QAction::triggered, this, &Workspace::splitRight);
    m_unsplit = new QAction(tr("&Unsplit"), this);
    m_unsplit->setObjectName(QStringLiteral("unsplit"));
    m_unsplit->setToolTip(tr("Every tab back in one group"));
    connect(m_unsplit, &QAction::triggered, this, &Workspace::unsplit);
    m_move = new QAction(tr("&Move Tab to Other Group"), this);
    m_move->setObjectName(QStringLiteral("moveTab"));
    m_move->setToolTip(tr("This tab to the other side of the split"));
    connect(m_move, &QAction::triggered, this, [this] { moveToOtherGroup(m_active); });
    addActions({m_split, m_unsplit, m_move});

    // Focus decides which page the menus, the toolbars and the title follow.
    connect(qApp, &QApplication::focusChanged, this, [this](QWidget *, QWidget *now) {
        if (!now || now->window() != this)
            return;
        for (QWidget *w = now; w; w = w->parentWidget())
            if (auto *page = qobject_cast<MainWindow *>(w); page && groupOf(page) >= 0)
                return setActive(page);
    });

    resize(QSize(1280, 800).boundedTo(screen()->availableGeometry().size() * 0.9));
    restoreGeometry(QSettings().value(QStringLiteral("window/geometry")).toByteArray());
    activate(newTab(0));
    updateSplit();
}

Workspace::~Workspace()
{
    // Each page before its toolbars: the run's speed box lives in one.
    for (MainWindow *page : pages()) {
        const QList<QToolBar *> bars = m_toolbars.take(page);
        delete page;
        qDeleteAll(bars);
    }
}

Workspace *Workspace::of(const QWidget *page)
{
    return page ? qobject_cast<Workspace *>(page->window()) : nullptr;
}

QTabWidget *Workspace::makeGroup()
{
    auto *group = new QTabWidget(this);
    group->setDocumentMode(true); // no frame round the page: the page's own docks frame it
    group->setTabsClosable(true);
    group->setMovable(true);
    group->setElideMode(Qt::ElideMiddle);
    group->tabBar()->installEventFilter(this);
    connect(group, &QTabWidget::tabCloseRequested, this,
            [this, group](int index) { closeTab(qobject_cast<MainWindow *>(group->widget(index))); });
    connect(group, &QTabWidget::currentChanged, this, [this, group](int index) {
        // A tab brought to the front in the group the user works in becomes the active page.
        auto *page = qobject_cast<MainWindow *>(group->widget(index));
        if (page && (!m_active || group->indexOf(m_active) >= 0))
            setActive(page);
    });
    return group;
}

QList<MainWindow *> Workspace::pages() const
{
    QList<MainWindow *> out;
    for (QTabWidget *group : m_groups)
        for (int i = 0; i < group->count(); ++i)
            if (auto *page = qobject_cast<MainWindow *>(group->widget(i)))
                out << page;
    return out;
}

int Workspace::groupOf(const MainWindow *page) const
{
    for (int side = 0; side < 2; ++side)
        if (page && m_groups[side]->indexOf(const_cast<MainWindow *>(page)) >= 0)
            return side;
    return -1;
}

bool Workspace::isSplit() const
{
    return m_groups[1]->count() > 0;
}

MainWindow *Workspace::adopt(MainWindow *page, int side, int index)
{
    // One menu bar and one toolbar row for the window: the page's own are
    // hidden, its toolbars move here and show while it is the active page.
    page->menuBar()->hide();
    for (QToolBar *bar : page->findChildren<QToolBar *>(Qt::FindDirectChildrenOnly)) {
        page->removeToolBar(bar);
        addToolBar(Qt::TopToolBarArea, bar);
        bar->hide();
        m_toolbars[page] << bar;
    }
    if (QMenu *menu = page->windowMenu()) {
        menu->addSeparator();
        menu->addActions({m_next, m_previous, m_split, m_unsplit, m_move});
    }
    QTabWidget *group = m_groups[side];
    group->insertTab(index < 0 ? group->count() : index, page, QString());
    const auto update = [this, page] { updateTab(page); };
    connect(page->document(), &ScenarioDocument::modifiedChanged, this, update);
    connect(page->document(), &ScenarioDocument::fileNameChanged, this, update);
    connect(page->document(), &ScenarioDocument::changed, this, update); // the scenario's name
    connect(page->document(), &ScenarioDocument::documentReset, this, update);
    connect(page, &QWidget::windowTitleChanged, this, update);
    updateTab(page);
    updateSplit();
    return page;
}

MainWindow *Workspace::newTab(int side)
{
    if (side < 0)
        side = std::max(0, groupOf(m_active));
    MainWindow *page = adopt(new MainWindow, side);
    m_blank.insert(page);
    return page;
}

bool Workspace::isBlank(MainWindow *page) const
{
    // Made blank and never loaded into, edited or saved: nothing to lose by replacing it.
    return page && m_blank.contains(page) && page->fileName().isEmpty() && !page->document()->isModified()
        && page->document()->undoStack()->count() == 0;
}

MainWindow *Workspace::blankOrNewTab(int side)
{
    if (isBlank(m_active) && (side < 0 || groupOf(m_active) == side))
        return m_active;
    return newTab(side);
}

MainWindow *Workspace::newDocument()
{
    MainWindow *page = blankOrNewTab(-1);
    page->newDocument(); // a blank page has nothing to ask about
    m_blank.insert(page);
    activate(page);
    return page;
}

MainWindow *Workspace::newFromTemplate(const QString &fileName)
{
    MainWindow *page = blankOrNewTab(-1);
    m_blank.remove(page);
    if (!page->newFromTemplate(fileName))
        m_blank.insert(page); // its Issues panel says why; the next Open may replace it
    activate(page);
    return page;
}

MainWindow *Workspace::openFile(const QString &fileName, int side)
{
    // A document is open in one tab only: two would each save over the other.
    const QString path = QFileInfo(fileName).absoluteFilePath();
    for (MainWindow *page : pages())
        if (!page->fileName().isEmpty() && QFileInfo(page->fileName()).absoluteFilePath() == path) {
            activate(page);
            return page;
        }
    MainWindow *page = blankOrNewTab(side);
    m_blank.remove(page);
    if (!page->openFile(fileName))
        m_blank.insert(page);
    activate(page);
    return page;
}

MainWindow *Workspace::openBeside(MainWindow *original, const Scenario &variant)
{
    const int side = std::max(0, groupOf(original));
    MainWindow *page = isSplit() ? adopt(new MainWindow, 1 - side)
                                 : adopt(new MainWindow, side, m_groups[side]->indexOf(original) + 1);
    page->document()->reset(variant, {}); // unsaved: Save asks where
    page->outline()->select(ItemRef::settings());
    activate(page);
    page->mapView()->fitMap();
    page->statusBar()->showMessage(tr("Opened %1: press Play to run it").arg(variant.name), 8000);
    return page;
}

void Workspace::activate(MainWindow *page)
{
    const int side = groupOf(page);
    if (side < 0)
        return;
    m_groups[side]->setCurrentWidget(page);
    setActive(page);
    page->mapView()->setFocus();
}

void Workspace::setActive(MainWindow *page)
{
    if (page == m_active)
        return;
    if (m_active)
        for (QToolBar *bar : m_toolbars.value(m_active))
            bar->hide();
    for (MainWindow *other : pages()) {
        // Maximize and Pop Out Dock answer in a popped-out dock's window too
        // (an application shortcut); only the active page's may, or two
        // pages would each claim the key and neither get it.
        for (QAction *a : {other->dockLayout()->maximizeAction(), other->dockLayout()->popOutAction()})
            a->setShortcutContext(other == page ? Qt::ApplicationShortcut : Qt::WindowShortcut);
    }
    m_active = page;
    menuBar()->clear(); // the menus stay the page's: only their place in this bar goes
    for (QAction *menu : page->menuBar()->actions())
        menuBar()->addAction(menu);
    for (QToolBar *bar : m_toolbars.value(page))
        bar->show();
    // The group that is not active reads dimmer, as editors show it.
    for (QTabWidget *group : m_groups) {
        QPalette palette = QApplication::palette(group->tabBar());
        if (group->indexOf(page) < 0)
            palette.setColor(QPalette::WindowText, palette.color(QPalette::Disabled, QPalette::WindowText));
        group->tabBar()->setPalette(palette);
    }
    updateTitle();
    updateSplit();
    emit currentChanged(page);
}

void Workspace::updateTab(MainWindow *page)
{
    const int side = groupOf(page);
    if (side < 0)
        return;
    QTabWidget *group = m_groups[side];
    const int index = group->indexOf(page);
    QString text = MainWindow::displayName(page);
    if (page->document()->isModified())
        text += QStringLiteral(" *");
    group->setTabText(index, text.replace(u'&', QStringLiteral("&&")));
    group->setTabToolTip(index,
                         page->fileName().isEmpty() ? tr("%1, not saved yet").arg(page->scenario().name)
                                                    : QDir::toNativeSeparators(page->fileName()));
    if (page == m_active)
        updateTitle();
}

void Workspace::updateTitle()
{
    setWindowTitle(m_active ? m_active->windowTitle() : QStringLiteral("GOAP Studio"));
    setWindowModified(m_active && m_active->document()->isModified());
}

void Workspace::updateSplit()
{
    // The left group is never the empty one.
    if (m_groups[0]->count() == 0)
        while (m_groups[1]->count() > 0) {
            auto *page = qobject_cast<MainWindow *>(m_groups[1]->widget(0));
            m_groups[1]->removeTab(0);
            m_groups[0]->addTab(page, QString());
            updateTab(page);
        }
    const bool split = isSplit();
    if (split && m_groups[1]->isHidden()) {
        m_groups[1]->show();
        m_splitter->setSizes({1000, 1000}); // halves, whatever the width now

    } else if (!split) {
        m_groups[1]->hide();
    }
    // A window that fits the screen (issue #29, 1): two pages with all
    // their docks are wider than a laptop's screen, so in a split view the
    // page not active shows its map (and its run's clock) only; its docks
    // come back when the focus goes there (editors keep one side bar too).
    for (MainWindow *page : pages())
        setCompact(page, split && page != m_active);
    m_split->setEnabled(!split);
    m_unsplit->setEnabled(split);
    m_move->setEnabled(split || m_groups[0]->count() > 1);
}

void Workspace::setCompact(MainWindow *page, bool compact)
{
    if (!compact) {
        for (const QPointer<QDockWidget> &dock : m_compacted.take(page))
            if (dock)
                dock->show();
        return;
    }
    if (m_compacted.contains(page))
        return;
    QList<QPointer<QDockWidget>> &hidden = m_compacted[page];
    for (QDockWidget *dock : page->findChildren<QDockWidget *>(Qt::FindDirectChildrenOnly)) {
        if (!dock->isFloating() && dock->toggleViewAction()->isChecked()) {
            hidden << dock;
            dock->hide();
        }
    }
}

void Workspace::nextTab(int step)
{
    QTabWidget *group = m_groups[std::max(0, groupOf(m_active))];
    const int n = group->count();
    if (n < 2)
        return;
    activate(qobject_cast<MainWindow *>(group->widget(((group->currentIndex() + step) % n + n) % n)));
}

bool Workspace::closeTab(MainWindow *page)
{
    const int side = groupOf(page);
    if (side < 0)
        return false;
    if (page->document()->isModified())
        activate(page); // the question is about the document in front
    if (!page->maybeSave())
        return false;
    m_groups[side]->removeTab(m_groups[side]->indexOf(page));
    m_blank.remove(page);
    m_compacted.remove(page);
    const QList<QToolBar *> bars = m_toolbars.take(page);
    delete page; // before its toolbars: the run's speed box lives in one
    qDeleteAll(bars);
    if (pages().isEmpty())
        newTab(0); // the window always holds a document, as File > New leaves it
    updateSplit();
    if (!m_active) {
        // The front tab of the group the closed one was in, else of the other.
        QTabWidget *group = m_groups[side]->count() > 0 ? m_groups[side] : m_groups[0];
        activate(qobject_cast<MainWindow *>(group->currentWidget()));
    }
    return true;
}

void Workspace::moveToOtherGroup(MainWindow *page)
{
    const int side = groupOf(page);
    if (side < 0 || (side == 0 && m_groups[0]->count() < 2))
        return; // the only tab stays where it is
    m_groups[side]->removeTab(m_groups[side]->indexOf(page));
    m_groups[1 - side]->addTab(page, QString());
    updateTab(page);
    updateSplit();
    activate(page);
}

void Workspace::splitRight()
{
    if (isSplit() || !m_active)
        return;
    // The active tab goes right; with nothing else to leave on the left, a new one goes there instead.
    if (m_groups[0]->count() > 1)
        moveToOtherGroup(m_active);
    else
        activate(newTab(1));
}

void Workspace::unsplit()
{
    MainWindow *active = m_active;
    while (m_groups[1]->count() > 0) {
        auto *page = qobject_cast<MainWindow *>(m_groups[1]->widget(0));
        m_groups[1]->removeTab(0);
        m_groups[0]->addTab(page, QString());
        updateTab(page);
    }
    updateSplit();
    if (active)
        activate(active);
}

void Workspace::showSideBySide(MainWindow *left, MainWindow *right)
{
    if (!left || !right || left == right || groupOf(left) < 0 || groupOf(right) < 0)
        return;
    for (auto [page, side] : {std::pair {right, 1}, std::pair {left, 0}}) {
        const int now = groupOf(page);
        if (now == side)
            continue;
        m_groups[now]->removeTab(m_groups[now]->indexOf(page));
        m_groups[side]->addTab(page, QString());
        updateTab(page);
    }
    updateSplit();
    m_groups[1]->setCurrentWidget(right);
    activate(left);
}

bool Workspace::saveScreenshot(const QString &fileName)
{
    show();
    QApplication::processEvents();
    for (MainWindow *page : pages())
        if (page->isVisible())
            page->mapView()->fitMap();
    QApplication::processEvents();
    if (!grab().save(fileName)) {
        qWarning("cannot write %s", qPrintable(fileName));
        return false;
    }
    return true;
}

void Workspace::closeEvent(QCloseEvent *event)
{
    // Each modified document in turn, in front while asked about; Cancel
    // stops there with every tab still open (those saved already stay saved).
    for (MainWindow *page : pages())
        if (page->document()->isModified()) {
            activate(page);
            if (!page->maybeSave()) {
                event->ignore();
                return;
            }
        }
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    if (m_active)
        settings.setValue(QStringLiteral("window/state"), m_active->dockLayout()->layoutToSave());
    event->accept();
}

bool Workspace::eventFilter(QObject *watched, QEvent *event)
{
    auto *bar = qobject_cast<QTabBar *>(watched);
    if (!bar || (event->type() != QEvent::MouseButtonPress && event->type() != QEvent::MouseButtonRelease))
        return QMainWindow::eventFilter(watched, event);
    auto *group = qobject_cast<QTabWidget *>(bar->parentWidget());
    const auto *mouse = static_cast<QMouseEvent *>(event);
    auto *page = group ? qobject_cast<MainWindow *>(group->widget(bar->tabAt(mouse->position().toPoint()))) : nullptr;
    if (!page)
        return false;
    if (mouse->button() == Qt::MiddleButton) {
        if (event->type() == QEvent::MouseButtonRelease)
            closeTab(page); // as browsers and editors do
        return true;
    }
    if (event->type() == QEvent::MouseButtonPress && mouse->button() == Qt::LeftButton)
        activate(page); // a click on the other group's tab makes that group the active one
    return false; // the bar still sees the press: dragging reorders
}

} // namespace goap::editor
