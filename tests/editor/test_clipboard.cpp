// Issue #29: copy, cut, paste and prefabs in the window. Ctrl+C, Ctrl+X and
// Ctrl+V act on the outline's (or the map's) selection, only there; the
// clipboard carries a fragment (model/fragment.h) from one window to
// another; the Prefabs dock saves a selection and inserts it again.

#include "docks/outline.h"
#include "docks/prefabs.h"
#include "editordriver.h"
#include "forms/stationform.h"
#include "io/scenarioreader.h"
#include "io/scenariowriter.h"
#include "io/validator.h"
#include "mainwindow.h"
#include "model/fragment.h"
#include "model/queries.h"
#include "model/rules.h"
#include "randomedits.h"
#include "scene/mapscene.h"
#include "testutil.h"

#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QDockWidget>
#include <QInputDialog>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMimeData>
#include <QPushButton>
#include <QStatusBar>
#include <QTimer>
#include <QUndoStack>
#include <QtTest>

using namespace goap;
using namespace goap::editor;

using goap::testing::errorsOf;
using goap::testing::kSource;
using goap::testing::menuAction;

namespace {

// Clicks an entity's row in the outline, as a user selects it (Ctrl: adds it).
void clickRow(MainWindow &w, const ItemRef &item, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
{
    const QModelIndex row = w.outline()->indexOf(item);
    w.outline()->scrollTo(row);
    QTest::mouseClick(w.outline()->viewport(), Qt::LeftButton, modifiers, w.outline()->visualRect(row).center());
}

void showActive(MainWindow &w)
{
    w.resize(1400, 900);
    w.show();
    w.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&w));
}

bool clipboardHasFragment()
{
    const QMimeData *data = QGuiApplication::clipboard()->mimeData();
    return data && data->hasFormat(QLatin1String(kFragmentMimeType));
}

// Answers the prefab name dialog as a user does: types the name, Return.
QTimer *answerNameDialog(const QString &name)
{
    auto *timer = new QTimer;
    timer->setInterval(10);
    QObject::connect(timer, &QTimer::timeout, timer, [timer, name] {
        auto *dialog = qobject_cast<QInputDialog *>(QApplication::activeModalWidget());
        if (!dialog || !dialog->isVisible())
            return;
        timer->stop();
        auto *edit = dialog->findChild<QLineEdit *>();
        edit->selectAll();
        QTest::keyClicks(edit, name);
        QTest::keyClick(edit, Qt::Key_Return);
    });
    timer->start();
    return timer;
}

} // namespace

class TestClipboard : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QDir(PrefabsPanel::folder()).removeRecursively(); // no prefabs of an earlier run
    }
    void init() { QGuiApplication::clipboard()->clear(); }

    // End to end: two windows, two documents. Ctrl+C on the outline in one,
    // Ctrl+V on the outline in the other: the action comes with its station
    // and its seeds; undo gives the document back byte for byte.
    void copyInOneWindowPasteInAnother()
    {
        MainWindow town, smithy;
        QVERIFY(town.openFile(kSource + QStringLiteral("/scenarios/town.json")));
        QVERIFY(smithy.openFile(kSource + QStringLiteral("/scenarios/smithy.json")));
        showActive(town);
        const EntityRef bake = findEntity(town.scenario(), EntityKind::Action, u"bakeBread");
        clickRow(town, bake);
        QCOMPARE(town.outline()->current(), ItemRef(bake));
        QTest::keyClick(town.outline(), Qt::Key_C, Qt::ControlModifier);
        QVERIFY(clipboardHasFragment());
        QVERIFY(QGuiApplication::clipboard()->text().contains(u"goap-fragment")); // text/plain too

        showActive(smithy);
        const QByteArray before = writeScenario(smithy.scenario());
        const qsizetype stations = smithy.scenario().stations.size();
        clickRow(smithy, ItemRef {EntityKind::Station, 0});
        QTest::keyClick(smithy.outline(), Qt::Key_V, Qt::ControlModifier);
        const Scenario &s = smithy.scenario();
        const Action *pasted = s.action(u"bakeBread");
        QVERIFY(pasted);
        QVERIFY(s.station(pasted->station));
        QCOMPARE(s.stations.size(), stations + town.scenario().action(u"bakeBread")->stations().size());
        QVERIFY2(errorsOf(s).isEmpty(), qPrintable(errorsOf(s).join(u'\n')));
        QCOMPARE(smithy.outline()->current(), ItemRef(findEntity(s, EntityKind::Action, u"bakeBread")));
        QVERIFY2(smithy.statusBar()->currentMessage().startsWith(u"Pasted"),
                 qPrintable(smithy.statusBar()->currentMessage()));
        QCOMPARE(smithy.document()->undoStack()->undoText(), QStringLiteral("Paste 1 station, 1 action"));
        QTest::keyClick(&smithy, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(writeScenario(smithy.scenario()), before);
    }

    // Pasting into the window copied from: a second character beside the
    // first, with the same actions and goals (they are there already).
    void pasteIntoTheSameDocument()
    {
        MainWindow w;
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/town.json")));
        showActive(w);
        const qsizetype actions = w.scenario().actions.size();
        clickRow(w, ItemRef {EntityKind::Character, 0});
        const Agent first = w.scenario().agents[0];
        QTest::keyClick(w.outline(), Qt::Key_C, Qt::ControlModifier);
        QTest::keyClick(w.outline(), Qt::Key_V, Qt::ControlModifier);
        const Agent *copy = w.scenario().agent(QString(first.id + u'2'));
        QVERIFY(copy);
        QCOMPARE(copy->actions, first.actions);
        QVERIFY(!(copy->at == first.at));
        QCOMPARE(w.scenario().actions.size(), actions);
        QCOMPARE(w.outline()->current(), ItemRef(findEntity(w.scenario(), EntityKind::Character, copy->id)));
    }

    // The outline's context menu: Copy on a station, Paste on the Stations section.
    void theOutlinesMenuCopiesAndPastes()
    {
        MainWindow w;
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/town.json")));
        showActive(w);
        const qsizetype stations = w.scenario().stations.size();
        const auto trigger = [&w](const ItemRef &item, const QString &text) {
            std::unique_ptr<QMenu> menu(w.outlineMenu(item));
            for (QAction *a : menu->actions())
                if (a->text().remove(u'&') == text) {
                    a->trigger();
                    return true;
                }
            return false;
        };
        w.outline()->select(ItemRef {EntityKind::Station, 0});
        QVERIFY(trigger(w.outline()->current(), QStringLiteral("Copy")));
        const ItemRef section {EntityKind::Station, -1};
        QVERIFY(!trigger(section, QStringLiteral("Copy"))); // a section has nothing to copy
        QVERIFY(trigger(section, QStringLiteral("Paste")));
        QCOMPARE(w.scenario().stations.size(), stations + 1);
    }

    // On the map: a click selects a station, Ctrl+C and Ctrl+V with the map
    // focused paste a second one beside it, never on top of it.
    void copyAndPasteOnTheMap()
    {
        MainWindow w;
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/town.json")));
        showActive(w);
        MapView *view = w.mapView();
        const Station anvil = *w.scenario().station(u"anvil");
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {},
                          view->mapFromScene(QPointF(anvil.at.x * MapScene::kScale, anvil.at.y * MapScene::kScale)));
        QCOMPARE(w.outline()->current(), ItemRef(findEntity(w.scenario(), EntityKind::Station, u"anvil")));
        QVERIFY(view->hasFocus() || view->isAncestorOf(QApplication::focusWidget()));
        QTest::keyClick(view, Qt::Key_C, Qt::ControlModifier);
        QVERIFY(clipboardHasFragment());
        QTest::keyClick(view, Qt::Key_V, Qt::ControlModifier);
        const Station *copy = w.scenario().station(u"anvil2");
        QVERIFY(copy);
        QVERIFY(!(copy->at == anvil.at));
        QVERIFY(insideWallError(w.scenario().map, copy->at).isEmpty());
    }

    // Ctrl+X removes the selection as one step; Ctrl+V brings it back.
    void cutThenPaste()
    {
        MainWindow w;
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/town.json")));
        showActive(w);
        const QString id = w.scenario().agents[1].id;
        clickRow(w, ItemRef {EntityKind::Character, 1});
        QTest::keyClick(w.outline(), Qt::Key_X, Qt::ControlModifier);
        QVERIFY(!w.scenario().agent(id));
        QVERIFY(w.document()->undoStack()->undoText().startsWith(u"Cut 1 character"));
        QVERIFY(clipboardHasFragment());
        QTest::keyClick(w.outline(), Qt::Key_V, Qt::ControlModifier);
        QVERIFY(w.scenario().agent(id));
    }

    // In a text field, Ctrl+C and Ctrl+V are the field's: they copy text.
    void textFieldsKeepTheirOwnCopyAndPaste()
    {
        MainWindow w;
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/town.json")));
        showActive(w);
        clickRow(w, ItemRef {EntityKind::Station, 0});
        const Scenario before = w.scenario();
        QLineEdit *id = w.stationForm()->idEditor();
        QTest::mouseClick(id, Qt::LeftButton);
        QTest::keyClick(id, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClick(id, Qt::Key_C, Qt::ControlModifier);
        QVERIFY(!clipboardHasFragment());
        QCOMPARE(QGuiApplication::clipboard()->text(), before.stations[0].id);
        QTest::keyClick(id, Qt::Key_End);
        QTest::keyClick(id, Qt::Key_V, Qt::ControlModifier);
        QCOMPARE(id->text(), before.stations[0].id + before.stations[0].id);
        QCOMPARE(w.scenario().stations.size(), before.stations.size());
    }

    // A clipboard that holds no fragment, or a broken or hostile one: nothing
    // changes, and the status bar says why.
    void pasteOfSomethingElseChangesNothing_data()
    {
        QTest::addColumn<QString>("mime");
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("why");
        QTest::newRow("text") << "text/plain" << QByteArray("just some words") << "no copied";
        QTest::newRow("json text") << "text/plain" << QByteArray(R"({"format": "goap-scenario"})") << "no copied";
        QTest::newRow("malformed") << QString(kFragmentMimeType) << QByteArray("{\"format\": \"goap-fragm")
                                   << "not JSON";
        QTest::newRow("weird ids") << QString(kFragmentMimeType)
                                   << QByteArray("{\"format\": \"goap-fragment\", \"version\": 1, \"scenario\": "
                                                 "{\"format\": \"goap-scenario\", \"version\": 1, \"name\": \"x\", "
                                                 "\"stations\": [{\"id\": \"<b>\\\" ;rm \\u0000\", \"at\": [1, 1]}]}}")
                                   << "not valid";
        QTest::newRow("huge") << QString(kFragmentMimeType) << QByteArray(kMaxScenarioFileSize + 10, '{')
                              << "too large";
    }
    void pasteOfSomethingElseChangesNothing()
    {
        QFETCH(QString, mime);
        QFETCH(QByteArray, bytes);
        QFETCH(QString, why);
        MainWindow w;
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/town.json")));
        showActive(w);
        auto *data = new QMimeData;
        data->setData(mime, bytes);
        QGuiApplication::clipboard()->setMimeData(data);
        const QByteArray before = writeScenario(w.scenario());
        clickRow(w, ItemRef {EntityKind::Station, 0});
        QTest::keyClick(w.outline(), Qt::Key_V, Qt::ControlModifier);
        QCOMPARE(writeScenario(w.scenario()), before);
        QVERIFY(!w.document()->undoStack()->canUndo());
        const QString said = w.statusBar()->currentMessage();
        QVERIFY2(said.startsWith(u"Nothing pasted") && said.contains(why), qPrintable(said));
    }

    // Save Selection as Prefab: the selection (two actions and their
    // stations) is named and listed; double-click inserts it into another
    // document, Insert again (a second copy), Delete removes it after asking.
    void prefabsSaveInsertDelete()
    {
        MainWindow town, other;
        QVERIFY(town.openFile(kSource + QStringLiteral("/scenarios/town.json")));
        QVERIFY(other.openFile(kSource + QStringLiteral("/scenarios/campfire.json")));
        showActive(town);
        clickRow(town, findEntity(town.scenario(), EntityKind::Action, u"millFlour"));
        clickRow(town, findEntity(town.scenario(), EntityKind::Action, u"bakeBread"), Qt::ControlModifier);
        QScopedPointer<QTimer> answer(answerNameDialog(QStringLiteral("Bakery")));
        menuAction(town, QStringLiteral("Save Selection as Prefab..."))->trigger();
        PrefabsPanel *panel = town.prefabsPanel();
        QListWidget *list = panel->list();
        QVERIFY(list->currentItem());
        QCOMPARE(list->currentItem()->text(), QStringLiteral("Bakery"));
        QCOMPARE(list->currentItem()->toolTip(), QStringLiteral("2 stations, 2 actions"));
        QVERIFY(QFileInfo::exists(PrefabsPanel::folder() + QStringLiteral("/Bakery.json")));
        // Saving another selection under the same name asks first: Cancel keeps the file, Yes replaces it.
        const QByteArray bakeryFile = goap::testing::readAll(PrefabsPanel::folder() + QStringLiteral("/Bakery.json"));
        clickRow(town, findEntity(town.scenario(), EntityKind::Action, u"eatBread"));
        for (const QString &button : {QStringLiteral("Cancel"), QStringLiteral("Yes")}) {
            QScopedPointer<QTimer> name(answerNameDialog(QStringLiteral("Bakery")));
            QString asked;
            QScopedPointer<QTimer> replace(goap::testing::answerNextDialog(button, &asked));
            menuAction(town, QStringLiteral("Save Selection as Prefab..."))->trigger();
            QVERIFY2(asked.contains(u"is saved already"), qPrintable(asked));
            const QByteArray now = goap::testing::readAll(PrefabsPanel::folder() + QStringLiteral("/Bakery.json"));
            QCOMPARE(now == bakeryFile, button == u"Cancel");
        }
        clickRow(town, findEntity(town.scenario(), EntityKind::Action, u"millFlour"));
        clickRow(town, findEntity(town.scenario(), EntityKind::Action, u"bakeBread"), Qt::ControlModifier);
        {
            QScopedPointer<QTimer> name(answerNameDialog(QStringLiteral("Bakery")));
            QString asked;
            QScopedPointer<QTimer> replace(goap::testing::answerNextDialog(QStringLiteral("Yes"), &asked));
            menuAction(town, QStringLiteral("Save Selection as Prefab..."))->trigger();
        }
        QCOMPARE(goap::testing::readAll(PrefabsPanel::folder() + QStringLiteral("/Bakery.json")), bakeryFile);

        showActive(other);
        QListWidget *otherList = other.prefabsPanel()->list();
        other.dock(QStringLiteral("prefabs"))->raise(); // its tab, beside the outline
        other.prefabsPanel()->refresh(); // the other window lists what the first saved
        QListWidgetItem *bakery = otherList->findItems(QStringLiteral("Bakery"), Qt::MatchExactly).value(0);
        QVERIFY(bakery);
        const QPoint at = otherList->visualItemRect(bakery).center();
        QTest::mouseClick(otherList->viewport(), Qt::LeftButton, {}, at);
        QTest::mouseDClick(otherList->viewport(), Qt::LeftButton, {}, at);
        QVERIFY(other.scenario().action(u"bakeBread"));
        QVERIFY(other.scenario().action(u"millFlour"));
        QVERIFY2(errorsOf(other.scenario()).isEmpty(), qPrintable(errorsOf(other.scenario()).join(u'\n')));
        QVERIFY2(other.statusBar()->currentMessage().startsWith(u"Inserted the prefab \"Bakery\""),
                 qPrintable(other.statusBar()->currentMessage()));
        // A prefab is placed whole: again, and there are two bakeries.
        QTest::mouseClick(other.prefabsPanel()->insertButton(), Qt::LeftButton);
        const Action *second = other.scenario().action(u"bakeBread2");
        QVERIFY(second);
        QVERIFY(second->station != other.scenario().action(u"bakeBread")->station);
        QVERIFY(errorsOf(other.scenario()).isEmpty());

        // Delete asks first; Cancel keeps it, Yes removes the file.
        QString said;
        QScopedPointer<QTimer> cancel(goap::testing::answerNextDialog(QStringLiteral("Cancel"), &said));
        QTest::mouseClick(other.prefabsPanel()->deleteButton(), Qt::LeftButton);
        QVERIFY2(said.contains(u"Bakery"), qPrintable(said));
        QVERIFY(QFileInfo::exists(PrefabsPanel::folder() + QStringLiteral("/Bakery.json")));
        QScopedPointer<QTimer> yes(goap::testing::answerNextDialog(QStringLiteral("Yes"), &said));
        QTest::mouseClick(other.prefabsPanel()->deleteButton(), Qt::LeftButton);
        QVERIFY(!QFileInfo::exists(PrefabsPanel::folder() + QStringLiteral("/Bakery.json")));
        QVERIFY(otherList->findItems(QStringLiteral("Bakery"), Qt::MatchExactly).isEmpty());
    }

    // The shipped example: a shop (a counter, a storeroom, buy, sell and
    // restock), listed with what is in it, inserted into a new document.
    void shippedShopPrefab()
    {
        MainWindow w;
        showActive(w);
        QListWidget *list = w.prefabsPanel()->list();
        QListWidgetItem *shop = list->findItems(QStringLiteral("Shop (example)"), Qt::MatchExactly).value(0);
        QVERIFY(shop);
        QCOMPARE(shop->toolTip(), QStringLiteral("2 stations, 3 actions"));
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualItemRect(shop).center());
        QVERIFY(!w.prefabsPanel()->deleteButton()->isEnabled()); // shipped: never deleted
        QTest::mouseClick(w.prefabsPanel()->insertButton(), Qt::LeftButton);
        QCOMPARE(idsOf(w.scenario().stations), (QStringList {QStringLiteral("counter"), QStringLiteral("storeroom")}));
        QCOMPARE(w.scenario().actions.size(), 3);
        QVERIFY2(errorsOf(w.scenario()).isEmpty(), qPrintable(errorsOf(w.scenario()).join(u'\n')));
    }

    // The Shop inserted into the town (README's picture, saved as
    // GOAP_DOC_IMAGES/prefab-shop.png when that is set: tools/dev.sh pictures):
    // its stations land on free ground, the town stays valid, Buy goods selected.
    void theShopInsertedIntoTheTown()
    {
        MainWindow w;
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/town.json")));
        w.resize(1280, 800);
        w.show();
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        const qsizetype stations = w.scenario().stations.size();
        QListWidget *list = w.prefabsPanel()->list();
        QListWidgetItem *shop = list->findItems(QStringLiteral("Shop (example)"), Qt::MatchExactly).value(0);
        QVERIFY(shop);
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualItemRect(shop).center());
        QTest::mouseClick(w.prefabsPanel()->insertButton(), Qt::LeftButton);
        QCOMPARE(w.scenario().stations.size(), stations + 2);
        for (const QString &id : {QStringLiteral("counter"), QStringLiteral("storeroom")}) {
            const Station *station = w.scenario().station(id);
            QVERIFY2(station, qPrintable(id));
            for (const Station &other : w.scenario().stations)
                QVERIFY2(&other == station || !(other.at == station->at),
                         qPrintable(QStringLiteral("%1 lands on %2").arg(id, other.id)));
        }
        QVERIFY2(errorsOf(w.scenario()).isEmpty(), qPrintable(errorsOf(w.scenario()).join(u'\n')));
        const int buy = int(w.scenario().actions.size()) - 2; // restock, buyGoods, sellGoods
        QCOMPARE(w.scenario().actions[buy].label, QStringLiteral("Buy goods"));
        clickRow(w, ItemRef {EntityKind::Action, buy});
        w.dock(QStringLiteral("prefabs"))->raise();
        const QString dir = qEnvironmentVariable("GOAP_DOC_IMAGES");
        if (!dir.isEmpty())
            QVERIFY(w.saveScreenshot(QDir(dir).filePath(QStringLiteral("prefab-shop.png"))));
    }
};

QTEST_MAIN(TestClipboard)
#include "test_clipboard.moc"
