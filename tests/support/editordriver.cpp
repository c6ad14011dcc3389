#include "editordriver.h"

#include "forms/actionform.h"
#include "forms/characterform.h"
#include "forms/factform.h"
#include "forms/facttable.h"
#include "forms/goalform.h"
#include "forms/scenarioform.h"
#include "forms/stationform.h"
#include "mainwindow.h"

#include <QAbstractButton>
#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileDialog>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QSize>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

#include <vector>

namespace goap::testing {

using namespace goap::editor;

void type(QLineEdit *edit, const QString &text)
{
    edit->selectAll();
    QTest::keyClicks(edit, text);
    QTest::keyClick(edit, Qt::Key_Return);
}

void typeInto(QAbstractSpinBox *box, const QString &text)
{
    box->setFocus();
    QTest::keyClick(box, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(box, text);
    QTest::keyClick(box, Qt::Key_Return);
}

QAction *menuAction(MainWindow &w, const QString &text)
{
    for (QAction *a : w.findChildren<QAction *>())
        if (a->text().remove(u'&') == text)
            return a;
    qFatal("no action %s", qPrintable(text));
}

void buildCook(MainWindow &w)
{
    w.outline()->select(ItemRef::settings());
    ScenarioForm *sf = w.scenarioForm();
    type(sf->nameEdit, QStringLiteral("Cook"));
    sf->descriptionEdit->setPlainText(QString::fromUtf8("One cook, one hunger. The cook's only want is to be fed, and "
                                                        "nothing says how: the planner links chopWood, lightFire, "
                                                        "cookMeal and eatMeal because that is the only chain whose "
                                                        "preconditions meet. Watch cookMeal put out the fire it "
                                                        "needed, so after every meal a fresh search finds the fire out "
                                                        "and the arms empty and returns the same four steps for "
                                                        "a new reason."));
    sf->dayLength->setValue(240);

    const struct
    {
        const char *id, *label;
        double x, y;
    } stations[] = {{"woodpile", "Woodpile", 3, 3}, {"hearth", "Hearth", 10, 6}, {"table", "Table", 16, 9}};
    for (const auto &st : stations) {
        menuAction(w, QStringLiteral("Add Station"))->trigger();
        StationForm *f = w.stationForm();
        QCOMPARE(w.currentForm(), f);
        type(f->idEdit, QLatin1String(st.id));
        type(f->labelEdit, QLatin1String(st.label));
        f->xBox->setValue(st.x);
        f->yBox->setValue(st.y);
    }

    struct Row
    {
        const char *fact;
        const char *op;
        int value;
    };
    const struct
    {
        const char *id, *label, *station;
        double duration;
        std::vector<Row> pre, effects;
    } actions[] = {
        {"chopWood", "Chop wood", "woodpile", 3, {}, {{"agent.wood", "add", 1}}},
        {"lightFire",
         "Light fire",
         "hearth",
         2,
         {{"agent.wood", "", 1}},
         {{"world.fireLit", "set", 1}, {"agent.wood", "add", -1}}},
        {"cookMeal",
         "Cook meal",
         "hearth",
         4,
         {{"world.fireLit", "", 1}},
         {{"world.fireLit", "set", 0}, {"agent.meal", "add", 1}}},
        {"eatMeal",
         "Eat meal",
         "table",
         3,
         {{"agent.meal", "", 1}},
         {{"agent.fed", "add", 1}, {"agent.meal", "add", -1}}},
    };
    for (const auto &a : actions) {
        menuAction(w, QStringLiteral("Add Action"))->trigger();
        ActionForm *f = w.actionForm();
        QCOMPARE(w.currentForm(), f);
        type(f->idEdit, QLatin1String(a.id));
        type(f->labelEdit, QLatin1String(a.label));
        f->stationBox->setCurrentIndex(f->stationBox->findData(QLatin1String(a.station)));
        emit f->stationBox->activated(f->stationBox->currentIndex());
        f->durationBox->setValue(a.duration);
        for (const Row &r : a.pre)
            f->preTable->addRow(QLatin1String(r.fact), {}, r.value);
        for (const Row &r : a.effects)
            f->effectTable->addRow(QLatin1String(r.fact), QLatin1String(r.op), r.value);
        QCOMPARE(f->errorText(), QString());
    }

    // The fire's seed: the fact exists now that actions name it.
    w.outline()->select(ItemRef::ofFact(QStringLiteral("world.fireLit")));
    QCOMPARE(w.currentForm(), w.factForm());
    w.factForm()->seededBox->setChecked(true);

    menuAction(w, QStringLiteral("Add Goal"))->trigger();
    GoalForm *g = w.goalForm();
    type(g->idEdit, QStringLiteral("hunger"));
    type(g->labelEdit, QStringLiteral("Hunger"));
    g->conditionTable->addRow(QStringLiteral("agent.fed"), {}, 1);
    g->startBox->setValue(0);
    g->rateBox->setValue(0.01);

    menuAction(w, QStringLiteral("Add Character"))->trigger();
    CharacterForm *c = w.characterForm();
    type(c->idEdit, QStringLiteral("cook"));
    type(c->labelEdit, QStringLiteral("Cook"));
    c->xBox->setValue(8);
    c->yBox->setValue(3);
    c->speedBox->setValue(2);
    for (const char *fact : {"fed", "meal", "wood"})
        c->factTable->addRow(QLatin1String(fact), {}, 0);
    for (int i = 0; i < c->actionList->count(); ++i)
        c->actionList->item(i)->setCheckState(Qt::Checked);
    for (int row = 0; row < c->goalTable->rowCount(); ++row)
        if (c->goalTable->item(row, 0)->data(Qt::UserRole).toString() == u"hunger")
            c->goalTable->item(row, 0)->setCheckState(Qt::Checked);
}

QTimer *answerNextDialog(const QString &button, QString *said)
{
    auto *timer = new QTimer;
    timer->setInterval(0);
    QObject::connect(timer, &QTimer::timeout, timer, [timer, button, said] {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        if (!box || !box->isVisible())
            return;
        timer->stop();
        *said = box->text() + u'\n' + box->informativeText();
        for (QAbstractButton *b : box->buttons())
            if (b->text().remove(u'&') == button)
                QTest::mouseClick(b, Qt::LeftButton);
    });
    timer->start();
    return timer;
}

QTimer *answerSaveDialog(const QString &name, const QString &filter, QStringList *offered)
{
    auto *timer = new QTimer;
    timer->setInterval(10);
    QObject::connect(timer, &QTimer::timeout, timer, [timer, name, filter, offered] {
        auto *dialog = qobject_cast<QFileDialog *>(QApplication::activeModalWidget());
        if (!dialog || !dialog->isVisible())
            return;
        timer->stop();
        if (offered)
            *offered = dialog->nameFilters();
        auto *edit = dialog->findChild<QLineEdit *>(QStringLiteral("fileNameEdit"));
        auto *types = dialog->findChild<QComboBox *>(QStringLiteral("fileTypeCombo"));
        if (!edit || !types) {
            dialog->reject();
            return;
        }
        edit->setText(name); // typing would open the name completer's popup
        if (!filter.isEmpty()) {
            // The arrow keys, from the top: a user's choice (activated), not setCurrentIndex.
            types->setFocus();
            for (int k = 0; k < types->count(); ++k)
                QTest::keyClick(types, Qt::Key_Up);
            for (int k = 0; k < types->count() && !types->currentText().contains(filter); ++k)
                QTest::keyClick(types, Qt::Key_Down);
        }
        QTest::keyClick(edit, Qt::Key_Return);
    });
    timer->start();
    return timer;
}

QTimer *chooseInNextMenu(const QString &text)
{
    auto *timer = new QTimer;
    timer->setInterval(10);
    QObject::connect(timer, &QTimer::timeout, timer, [timer, text] {
        auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget());
        if (!menu || !menu->isVisible())
            return;
        timer->stop();
        for (QAction *a : menu->actions())
            if (a->text().remove(u'&') == text) {
                QTest::mouseClick(menu, Qt::LeftButton, {}, menu->actionGeometry(a).center());
                return;
            }
        menu->close();
    });
    timer->start();
    return timer;
}

bool useOffscreenScreen(const QTemporaryDir &dir, const QSize &size)
{
    const QString config = dir.filePath(QStringLiteral("screen.json"));
    QFile file(config);
    if (!file.open(QIODevice::WriteOnly)
        || file.write(QStringLiteral(R"({"screens": [{"name": "test", "x": 0, "y": 0, "width": %1, "height": %2,
            "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]})")
                          .arg(size.width())
                          .arg(size.height())
                          .toUtf8())
            < 0)
        return false;
    file.close();
    if (qEnvironmentVariable("QT_QPA_PLATFORM").startsWith(u"offscreen"))
        qputenv("QT_QPA_PLATFORM", QStringLiteral("offscreen:configfile=%1").arg(config).toLocal8Bit());
    return true;
}

} // namespace goap::testing
