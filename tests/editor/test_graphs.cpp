// The Production Chain and Search Tree docks: following the document and
// the outline's selection, live values during a run, exports, the planner's
// trace, and large graphs laid out on a worker or refused with a note.
#include "editordriver.h"
#include "graph/chainview.h"
#include "graph/productionchain.h"
#include "graph/searchview.h"
#include "io/validator.h"
#include "mainwindow.h"
#include "planner/compiledscenario.h"
#include "planner/planner.h"
#include "run/inspector.h"
#include "run/liverun.h"
#include "testutil.h"

#include <QComboBox>
#include <QContextMenuEvent>
#include <QDockWidget>
#include <QGraphicsSimpleTextItem>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <QToolButton>
#include <QtTest>

using namespace goap;
using namespace goap::editor;

using goap::testing::answerSaveDialog;
using goap::testing::chooseInNextMenu;
using goap::testing::kSource;

namespace {
QByteArray head(const QString &file, int bytes = 16)
{
    QFile f(file);
    return f.open(QIODevice::ReadOnly) ? f.read(bytes) : QByteArray();
}
} // namespace

// The town open in a shown main window with its Production Chain dock in
// front (laid out a moment later); null when the window or the file failed.
ChainView *showTownChain(MainWindow &w)
{
    w.resize(1400, 900);
    w.show();
    if (!QTest::qWaitForWindowActive(&w) || !w.openFile(kSource + QStringLiteral("/scenarios/town.json")))
        return nullptr;
    w.dock(QStringLiteral("productionChain"))->show();
    w.dock(QStringLiteral("productionChain"))->raise();
    return w.chainView();
}

class TestGraphs : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    // Issue #14, 1: the production chain dock. Selection round-trips between
    // it and the outline, a selected node brings out what feeds it and what
    // it feeds, and a document edit lays it out again (debounced).
    // Issue #27, 2: a 500-action chain crashed the editor on open (Graphviz's
    // recursion overflowed the stack); a graph Graphviz is not asked to lay
    // out, or refuses, is a note in the dock, and the document is open.
    void productionChainTooLargeIsANoteNotACrash()
    {
        QTemporaryDir dir;
        const auto write = [&](const QString &name, int actions, int sharedNeeds) {
            QStringList list, ids;
            for (int k = 0; k < actions; ++k) {
                QStringList pre;
                if (k && !sharedNeeds)
                    pre << QStringLiteral(R"("agent.f%1": 1)").arg(k);
                for (int j = 0; j < sharedNeeds; ++j)
                    pre << QStringLiteral(R"("world.s%1": 0)").arg(j);
                list << QStringLiteral(
                            R"({ "id": "a%1", "duration": 1, "cost": 1, "pre": { %2 }, "add": { "agent.f%3": 1 } })")
                            .arg(k)
                            .arg(pre.join(u", "))
                            .arg(k + 1);
                ids << QStringLiteral("\"a%1\"").arg(k);
            }
            QFile f(dir.filePath(name));
            if (!f.open(QIODevice::WriteOnly))
                return QString();
            f.write(QStringLiteral(R"({ "format": "goap-scenario", "version": 1, "name": "Big",
              "map": { "width": 20, "height": 12 }, "world": {}, "stations": [], "actions": [%1],
              "goals": [ { "id": "g", "kind": "quota", "conditions": { "agent.f%2": 1 }, "urgency": 1 } ],
              "agents": [ { "id": "c", "at": [1, 1], "speed": 1, "facts": {}, "actions": [%3], "goals": [ { "goal": "g" } ] } ] })")
                        .arg(list.join(u','))
                        .arg(actions)
                        .arg(ids.join(u','))
                        .toUtf8());
            return f.fileName();
        };
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        w.dock(QStringLiteral("productionChain"))->show();
        const auto notes = [&] {
            QStringList texts;
            for (QGraphicsItem *item : w.chainView()->scene()->items())
                if (auto *t = dynamic_cast<QGraphicsSimpleTextItem *>(item))
                    texts << t->text();
            return texts.join(u'\n');
        };
        // 1,002 nodes: over the bound, not laid out at all.
        QVERIFY(w.openFile(write(QStringLiteral("chain500.json"), 500, 0)));
        QCOMPARE(w.scenario().actions.size(), 500);
        QTRY_VERIFY2(notes().contains(u"too many to lay out here (at most 800)"), qPrintable(notes()));
        QCOMPARE(w.chainView()->nodeCount(), 0);
        // 614 nodes but 3,900 edges: Graphviz is asked, refuses, and the dock says why.
        QVERIFY(w.openFile(write(QStringLiteral("wide.json"), 300, 12)));
        QTRY_VERIFY_WITH_TIMEOUT(!w.chainView()->layoutError().isEmpty(), 30000);
        QVERIFY2(notes().contains(u"Not laid out: the graph has")
                     && notes().contains(u"at most 800 nodes and 3200 edges"),
                 qPrintable(notes()));
    }

    void productionChainDockFollowsTheDocument()
    {
        MainWindow w;
        ChainView *chain = showTownChain(w);
        QVERIFY(chain);
        const ProductionChain expected = productionChain(w.scenario());
        QTRY_COMPARE(chain->nodeCount(), int(expected.nodes.size()));
        // The outline selects Bake bread: the chain brings out its upstream and downstream.
        const Scenario &s = w.scenario();
        w.outline()->select(ItemRef {EntityKind::Action, s.indexOfAction(u"bakeBread")});
        QCOMPARE(chain->selectedNode(), chain->chain().find(EntityKind::Action, QStringLiteral("bakeBread")));
        QVERIFY(chain->isHighlighted(chain->chain().findFact(QStringLiteral("world.wheat")))); // feeds it
        QVERIFY(chain->isHighlighted(chain->chain().findFact(QStringLiteral("world.bread")))); // it feeds
        QVERIFY(!chain->isHighlighted(chain->chain().findFact(QStringLiteral("agent.oreMined")))); // neither
        // A click on a node (the real view) selects it in the outline.
        const int mine = chain->chain().find(EntityKind::Action, QStringLiteral("mineOre"));
        chain->centerOn(chain->nodePosition(mine));
        QTest::mouseClick(chain->viewport(), Qt::LeftButton, {}, chain->mapFromScene(chain->nodePosition(mine)));
        QCOMPARE(w.outline()->current(), (ItemRef {EntityKind::Action, s.indexOfAction(u"mineOre")}));
        QCOMPARE(chain->selectedNode(), mine);
        // A label edit changes that node in place after the pause: no new
        // layout, and every other node is the same item as before.
        const quint64 before = chain->layouts(), inPlace = chain->inPlaceUpdates();
        const int bake = chain->chain().find(EntityKind::Action, QStringLiteral("bakeBread"));
        QGraphicsItem *bakeItem = chain->nodeItem(bake);
        const QPointF bakeAt = chain->nodePosition(bake);
        Action mineOre = s.actions[s.indexOfAction(u"mineOre")];
        mineOre.label = QStringLiteral("Dig ore");
        QVERIFY(w.document()
                    ->submit(edits::setEntity(w.document()->scenario(), EntityKind::Action, s.indexOfAction(u"mineOre"),
                                              mineOre, Field::Label))
                    .isEmpty());
        QTRY_VERIFY(chain->inPlaceUpdates() > inPlace);
        QCOMPARE(chain->layouts(), before);
        QCOMPARE(chain->nodeItem(bake), bakeItem);
        QCOMPARE(chain->nodePosition(bake), bakeAt);
        QCOMPARE(chain->chain().nodes[size_t(mine)].label, QStringLiteral("Dig ore"));
        QVERIFY(chain->nodeItem(mine)->toolTip().contains(u"Dig ore"));
        QCOMPARE(chain->selectedNode(), mine); // kept
        // A new edge (the miner's action now also needs bread) is a new layout.
        mineOre.pre.append(Condition {QStringLiteral("world.bread"), 0, ConditionOp::Ge});
        QVERIFY(w.document()
                    ->submit(edits::setEntity(w.document()->scenario(), EntityKind::Action, s.indexOfAction(u"mineOre"),
                                              mineOre, Field::Needs))
                    .isEmpty());
        QTRY_VERIFY(chain->layouts() > before);
        QCOMPARE(chain->selectedNode(),
                 chain->chain().find(EntityKind::Action, QStringLiteral("mineOre"))); // kept across the layout
        // Export as drawn.
        QTemporaryDir dir;
        for (const char *name : {"chain.png", "chain.svg", "chain.dot"})
            QCOMPARE(chain->exportTo(dir.filePath(QLatin1String(name))), QString());
        QVERIFY(QImage(dir.filePath(QStringLiteral("chain.png"))).width() > 200);
        QVERIFY(QFile(dir.filePath(QStringLiteral("chain.svg"))).size() > 1000);
        // During a run: world facts show their values, actions who is at them.
        QVERIFY(w.liveRun()->runFor(40));
        const int ore = chain->chain().findFact(QStringLiteral("world.ore"));
        QTRY_VERIFY(chain->liveText(ore).startsWith(u"= "));
        bool someoneAtWork = false;
        for (size_t n = 0; n < chain->chain().nodes.size(); ++n)
            someoneAtWork |= chain->chain().nodes[n].isAction() && chain->liveText(int(n)).startsWith(u"▶");
        QVERIFY(someoneAtWork);
        w.liveRun()->stop();
        QCOMPARE(chain->liveText(ore), QString()); // the run is over
        // A goal nobody holding it can reach is greyed (the validator's finding).
        Goal gold;
        gold.id = QStringLiteral("gold");
        gold.kind = GoalKind::Quota;
        gold.conditions = {Condition {QStringLiteral("world.gold"), 1, ConditionOp::Ge}};
        QString goalId;
        QVERIFY(w.document()
                    ->submit(edits::addEntity(w.document()->scenario(), EntityKind::Goal, {}, GoalKind::Quota))
                    .isEmpty());
        const int g = int(w.scenario().goals.size()) - 1;
        goalId = w.scenario().goals[g].id;
        gold.id = goalId;
        QVERIFY(w.document()
                    ->submit(edits::setEntity(w.document()->scenario(), EntityKind::Goal, g, gold, Field::Conditions))
                    .isEmpty());
        Agent miner = w.scenario().agents[0];
        miner.goals.append(GoalRef {goalId, {}, {}, {}});
        QVERIFY(w.document()
                    ->submit(edits::setEntity(w.document()->scenario(), EntityKind::Character, 0, miner, Field::Goals))
                    .isEmpty());
        QTRY_VERIFY(chain->chain().find(EntityKind::Goal, goalId) >= 0
                    && chain->chain().nodes[size_t(chain->chain().find(EntityKind::Goal, goalId))].unreachable);
        QVERIFY(chain->nodeItem(chain->chain().find(EntityKind::Goal, goalId))->toolTip().contains(u"can ever reach"));
    }

    // Issue #14, 2: the Search Tree dock draws the planner's trace: cook's
    // search has the counts plan --json gives and exactly the four steps (and
    // the start) on the highlighted path; a large tree is drawn collapsed and
    // a click on a "+N" marker opens that node; Show Search in the inspector
    // searches from the moment shown.
    // The chain is laid out a moment after an edit; a click in that moment
    // selects the entity the node names, not the place it had in its list.
    void aChainNodeClickedJustAfterARemovalSelectsItsEntity()
    {
        MainWindow w;
        ChainView *chain = showTownChain(w);
        QVERIFY(chain);
        QTRY_COMPARE(chain->nodeCount(), int(productionChain(w.scenario()).nodes.size()));
        const int bakeBefore = w.scenario().indexOfAction(u"bakeBread");
        QVERIFY(bakeBefore > 0);
        const quint64 layouts = chain->layouts(), inPlace = chain->inPlaceUpdates();
        QVERIFY(w.document()->submit(edits::remove(w.scenario(), EntityRef {EntityKind::Action, 0})).isEmpty());
        // Not laid out again yet: the node still says where bakeBread was.
        QCOMPARE(chain->layouts(), layouts);
        QCOMPARE(chain->inPlaceUpdates(), inPlace);
        const int bake = chain->chain().find(EntityKind::Action, QStringLiteral("bakeBread"));
        QCOMPARE(chain->chain().nodes[size_t(bake)].item, (ItemRef {EntityKind::Action, bakeBefore}));
        chain->centerOn(chain->nodePosition(bake));
        QTest::mouseClick(chain->viewport(), Qt::LeftButton, {}, chain->mapFromScene(chain->nodePosition(bake)));
        QCOMPARE(w.outline()->current(), (ItemRef {EntityKind::Action, bakeBefore - 1}));
        QCOMPARE(w.scenario().actions[bakeBefore - 1].id, QStringLiteral("bakeBread"));
    }

    void searchTreeDockDrawsThePlannersTrace()
    {
        MainWindow w;
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/cook.json")));
        w.dock(QStringLiteral("searchTree"))->show();
        w.dock(QStringLiteral("searchTree"))->raise();
        SearchView *search = w.searchView();
        QTRY_VERIFY(search->layouts() > 0); // the first character's first goal, at once
        const CompiledScenario compiled = compile(w.scenario());
        Planner planner(compiled);
        Plan plan;
        planner.planForAgent(compiled.dawnState(0), 0, compiled.agents[0].goals[0].goal, plan);
        QCOMPARE(search->tree().result.expanded, plan.expanded);
        QCOMPARE(search->tree().result.generated, plan.generated);
        QCOMPARE(search->tree().expandedCount(), plan.expanded);
        QStringList path;
        for (size_t i = 0; i < search->tree().nodes.size(); ++i)
            if (search->tree().nodes[i].onPlan) {
                QVERIFY(search->isDrawn(int(i)));
                path << (search->tree().nodes[i].action < 0
                             ? QStringLiteral("start")
                             : compiled.actionIds[size_t(search->tree().nodes[i].action)]);
            }
        QCOMPARE(path, (QStringList {"start", "chopWood", "lightFire", "cookMeal", "eatMeal"}));
        QCOMPARE(search->drawnNodes(), int(search->tree().nodes.size())); // small: all of it
        QVERIFY(search->summary().contains(u"a plan of 4 steps"));
        QTemporaryDir dir;
        QCOMPARE(search->exportTo(dir.filePath(QStringLiteral("cook.dot"))), QString());
        QCOMPARE(search->exportTo(dir.filePath(QStringLiteral("cook.png"))), QString());
        QVERIFY(QImage(dir.filePath(QStringLiteral("cook.png"))).width() > 100);

        // A wide search (61 actions always applicable, capped at 400 nodes): collapsed.
        QFile wide(kSource + QStringLiteral("/tests/fuzz/corpus/wide-61-actions.json"));
        QVERIFY(wide.open(QIODevice::ReadOnly));
        QByteArray text = wide.readAll();
        text.replace("\"maxNodes\": 1000000", "\"maxNodes\": 400");
        const QString wideFile = dir.filePath(QStringLiteral("wide.json"));
        QFile out(wideFile);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(text);
        out.close();
        QVERIFY(w.openFile(wideFile));
        QTRY_VERIFY(search->tree().nodes.size() > 5000);
        QTRY_COMPARE(search->drawnNodes(), search->view().shownCount);
        QVERIFY(search->drawnNodes() <= SearchView::kNodes + search->tree().maxDepth() + 12);
        int parent = -1;
        for (size_t i = 0; i < search->view().hidden.size(); ++i)
            if (search->view().shown[i] && search->view().hidden[i] > 0 && search->isDrawn(int(i))) {
                parent = int(i);
                break;
            }
        QVERIFY(parent >= 0);
        const int hidden = search->view().hidden[size_t(parent)];
        const int drawn = search->drawnNodes();
        const quint64 layouts = search->layouts();
        QGraphicsView *view = search->graphicsView();
        view->centerOn(search->markerPosition(parent));
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->mapFromScene(search->markerPosition(parent)));
        QTRY_VERIFY(search->layouts() > layouts);
        QTRY_COMPARE(search->drawnNodes(), search->view().shownCount);
        QCOMPARE(search->drawnNodes(), drawn + hidden);
        QCOMPARE(search->view().hidden[size_t(parent)], 0);

        // A document with errors is not searched: the dock says so (compile() wants a valid scenario).
        Scenario broken = w.scenario();
        broken.agents[0].actions << QStringLiteral("noSuchAction");
        QVERIFY(hasErrors(validate(broken)));
        search->setScenario(broken, true);
        QVERIFY(search->summary().isEmpty());
        QCOMPARE(search->drawnNodes(), 0);

        // Errors arriving while a large layout is on the worker: that layout is
        // never drawn (it used to be, with no scenario behind it: a crash).
        search->setScenario(w.scenario(), false);
        QVERIFY(w.openFile(wideFile));
        QTRY_VERIFY(search->tree().nodes.size() > 5000);
        QTest::qWait(600); // the main window's debounced refresh has come and gone
        for (size_t i = 0; i < search->view().hidden.size() && search->view().shownCount <= SearchView::kWorkerNodes;
             ++i)
            if (search->view().shown[i] && search->view().hidden[i] > 0)
                search->open(int(i)); // until the drawing goes to the worker
        QVERIFY(search->view().shownCount > SearchView::kWorkerNodes);
        search->setScenario(broken, true);
        QVERIFY(search->layoutBusy()); // the layout of the valid document is under way
        QTRY_VERIFY_WITH_TIMEOUT(!search->layoutBusy(), 30000); // it came back, and was dropped
        QCOMPARE(search->drawnNodes(), 0);
        QVERIFY(search->summary().isEmpty());

        // Show Search from the inspector: the moment shown, not dawn.
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/town.json")));
        QVERIFY(w.liveRun()->runFor(20));
        QVERIFY(w.inspect(QStringLiteral("baker")));
        Inspector *inspector = w.liveRun()->inspector();
        QTRY_VERIFY(inspector->searchButton->isEnabled());
        QTest::mouseClick(inspector->searchButton, Qt::LeftButton);
        QTRY_VERIFY(search->summary().startsWith(u"baker -> "));
        QVERIFY2(search->summary().contains(u"from day 1, 20"), qPrintable(search->summary()));
        QVERIFY(w.dock(QStringLiteral("searchTree"))->isVisible());
    }

    // Graphs over 200 nodes are laid out on a worker (LayoutWorker), one at a
    // time: of three documents set in a row, only the newest is drawn (the
    // first's layout is stale when it comes, the second's never starts); the
    // UI thread stays free meanwhile.
    void largeGraphsAreLaidOutOnAWorkerNewestLast()
    {
        auto chainOf = [](int actions) {
            Scenario s;
            s.name = QStringLiteral("Chain");
            for (int i = 0; i < actions; ++i) {
                Action a;
                a.id = QStringLiteral("a%1").arg(i);
                a.label = a.id;
                a.duration = 1;
                a.add.append(Effect {QStringLiteral("world.f%1").arg(i + 1), 1});
                if (i > 0)
                    a.pre.append(Condition {QStringLiteral("world.f%1").arg(i), 1, ConditionOp::Ge});
                s.actions.append(a);
            }
            return s;
        };
        ChainView view;
        view.resize(800, 500);
        view.show();
        QSignalSpy drawn(&view, &ChainView::laidOut);
        view.setScenario(chainOf(120)); // 240 nodes: on the worker
        QCOMPARE(drawn.count(), 0); // not on the UI thread
        view.setScenario(chainOf(130)); // waits
        view.setScenario(chainOf(140)); // replaces the one waiting
        QTRY_COMPARE_WITH_TIMEOUT(drawn.count(), 1, 30000);
        QCOMPARE(view.nodeCount(), 140 * 2); // the newest: 140 actions, facts f1 to f140
        QTRY_VERIFY(!view.layoutBusy()); // the worker is done: nothing more can come
        QCOMPARE(drawn.count(), 1); // nothing older came after it
    }
    // Issue #29, 2: a graph export writes the format of the filter chosen in
    // its save dialog and adds that format's suffix to a bare name. An SVG
    // asked for with a bare name used to be a PNG without a suffix (Search
    // Tree); the chain's PNG had no suffix either.
    void graphExportsWriteTheChosenFiltersFormat()
    {
        QTemporaryDir dir;
        MainWindow w;
        ChainView *chain = showTownChain(w);
        QVERIFY(chain);
        QTRY_COMPARE(chain->nodeCount(), int(productionChain(w.scenario()).nodes.size()));
        // A warning ("Cannot export") is answered, and said below.
        QString warned;
        std::unique_ptr<QTimer> warning(goap::testing::answerNextDialog(QStringLiteral("OK"), &warned));
        // The chain's context menu (a right click): PNG, a bare name.
        QStringList offered;
        std::unique_ptr<QTimer> menu(chooseInNextMenu(QStringLiteral("Export as PNG...")));
        std::unique_ptr<QTimer> answer(answerSaveDialog(dir.filePath(QStringLiteral("chain")), QString(), &offered));
        // A right click: QTest's mouse events go to the widget directly, so
        // the context menu event the window system makes of one is sent too.
        const QPoint at = chain->viewport()->rect().center();
        QTest::mousePress(chain->viewport(), Qt::RightButton, {}, at);
        QContextMenuEvent rightClick(QContextMenuEvent::Mouse, at, chain->viewport()->mapToGlobal(at));
        QApplication::sendEvent(chain->viewport(), &rightClick);
        QTest::mouseRelease(chain->viewport(), Qt::RightButton, {}, at);
        QTRY_VERIFY2(QFileInfo::exists(dir.filePath(QStringLiteral("chain.png"))), qPrintable(warned));
        QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("chain"))));
        QVERIFY(head(dir.filePath(QStringLiteral("chain.png"))).startsWith("\x89PNG"));
        QVERIFY(QImage(dir.filePath(QStringLiteral("chain.png"))).width() > 200);
        QCOMPARE(offered.size(), 3); // PNG, SVG and DOT in every export's dialog

        // The Search Tree's Export button: "Export as PNG...", then the SVG filter chosen.
        w.dock(QStringLiteral("searchTree"))->show();
        w.dock(QStringLiteral("searchTree"))->raise();
        SearchView *search = w.searchView();
        QTRY_VERIFY(search->layouts() > 0);
        auto *exportButton = search->findChild<QToolButton *>(QStringLiteral("exportButton"));
        QVERIFY(exportButton);
        menu.reset(chooseInNextMenu(QStringLiteral("Export as PNG...")));
        answer.reset(answerSaveDialog(dir.filePath(QStringLiteral("tree")), QStringLiteral("SVG")));
        QTest::mouseClick(exportButton, Qt::LeftButton);
        QTRY_VERIFY(QFileInfo::exists(dir.filePath(QStringLiteral("tree.svg"))));
        QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("tree"))));
        const QByteArray svg = head(dir.filePath(QStringLiteral("tree.svg")));
        QVERIFY2(svg.startsWith("<?xml") || svg.startsWith("<svg"), svg.constData());
        // "Export as SVG..." with the PNG filter chosen: a PNG, named so.
        menu.reset(chooseInNextMenu(QStringLiteral("Export as SVG...")));
        answer.reset(answerSaveDialog(dir.filePath(QStringLiteral("tree2")), QStringLiteral("PNG")));
        QTest::mouseClick(exportButton, Qt::LeftButton);
        QTRY_VERIFY(QFileInfo::exists(dir.filePath(QStringLiteral("tree2.png"))));
        QVERIFY(head(dir.filePath(QStringLiteral("tree2.png"))).startsWith("\x89PNG"));
        // And DOT, the filter the action opens with.
        menu.reset(chooseInNextMenu(QStringLiteral("Export as DOT...")));
        answer.reset(answerSaveDialog(dir.filePath(QStringLiteral("tree3")), QString()));
        QTest::mouseClick(exportButton, Qt::LeftButton);
        QTRY_VERIFY(QFileInfo::exists(dir.filePath(QStringLiteral("tree3.dot"))));
        QVERIFY(head(dir.filePath(QStringLiteral("tree3.dot"))).startsWith("digraph"));
        QVERIFY2(warned.isEmpty(), qPrintable(warned));
    }

    // Issue #29, 3: Show Search searches the goal the character is deciding
    // about (not a quota that already holds, a plan of 0 steps), from the
    // moment the inspector shows; another goal chosen in the dock is
    // searched from that same moment, not silently from dawn; the bar says
    // which; another document clears it.
    void showSearchFollowsTheInspectorsMomentAndGoal()
    {
        MainWindow w;
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/town.json")));
        QVERIFY(w.liveRun()->runFor(64));
        QVERIFY(w.inspect(QStringLiteral("miner")));
        Inspector *inspector = w.liveRun()->inspector();
        QTRY_VERIFY(inspector->searchButton->isEnabled());
        // The miner's quota holds at 1:04; its hunger does not.
        int quotaRow = -1, hungerRow = -1;
        for (int r = 0; r < inspector->ballotTable->rowCount(); ++r) {
            const QString goal = inspector->ballotTable->item(r, 0)->text();
            if (goal == u"Mine ore")
                quotaRow = r;
            else if (goal == u"Hunger")
                hungerRow = r;
        }
        QVERIFY(quotaRow >= 0 && hungerRow >= 0);
        QCOMPARE(inspector->ballotTable->item(quotaRow, 4)->text(), QStringLiteral("holds"));
        QVERIFY(inspector->ballotTable->item(hungerRow, 4)->text() != u"holds");
        QTest::mouseClick(inspector->searchButton, Qt::LeftButton);
        SearchView *search = w.searchView();
        QTRY_VERIFY(search->summary().startsWith(u"miner -> "));
        QVERIFY2(search->summary().startsWith(u"miner -> hunger"), qPrintable(search->summary()));
        QVERIFY2(!search->summary().contains(u"a plan of 0 steps"), qPrintable(search->summary()));
        QVERIFY2(search->summary().contains(u"from day 1, 64.0 s (1:04)"), qPrintable(search->summary()));
        auto *from = search->findChild<QLabel *>(QStringLiteral("searchFrom"));
        QVERIFY(from && from->isVisible());
        QVERIFY2(from->text().contains(u"day 1, 64.0 s (1:04)"), qPrintable(from->text()));

        // The quota chosen in the dock, by the keyboard: searched from 1:04
        // too, where it holds (from dawn it would take a plan of steps).
        QComboBox *goals = search->goalBox();
        goals->setFocus();
        for (int k = 0; k < goals->count(); ++k)
            QTest::keyClick(goals, Qt::Key_Up);
        for (int k = 0; k < goals->count() && goals->currentText() != u"mineQuota"; ++k)
            QTest::keyClick(goals, Qt::Key_Down);
        QCOMPARE(goals->currentText(), QStringLiteral("mineQuota"));
        QTRY_VERIFY(search->summary().startsWith(u"miner -> mineQuota"));
        QVERIFY2(search->summary().contains(u"a plan of 0 steps"), qPrintable(search->summary()));
        QVERIFY2(search->summary().contains(u"from day 1, 64.0 s"), qPrintable(search->summary()));
        QVERIFY(!search->fromDawn());
        QVERIFY2(from->text().contains(u"day 1, 64.0 s"), qPrintable(from->text()));
        if (const QString shot = qEnvironmentVariable("GOAP_SEARCH_SHOT"); !shot.isEmpty()) // for a look at it
        {
            QApplication::processEvents(); // the bar laid out again
            w.dock(QStringLiteral("searchTree"))->grab().save(shot);
        }

        // Another document: the town's search goes; the hospital's first is shown from dawn.
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/hospital.json")));
        QVERIFY2(!search->summary().startsWith(u"miner"), qPrintable(search->summary()));
        QTRY_VERIFY(search->summary().contains(u"from its dawn state"));
        QVERIFY(search->fromDawn());
        QVERIFY2(from->text().contains(u"dawn"), qPrintable(from->text()));
        QCOMPARE(search->characterBox()->currentText().section(u' ', 0, 0), w.scenario().agents[0].id);
    }
};

QTEST_MAIN(TestGraphs)
#include "test_graphs.moc"
