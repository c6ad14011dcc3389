// The map: markers dragged (one undo step), walls drawn, moved, resized and
// removed, the wall brush and eraser, and a station's places where the
// simulation puts them.
#include "docks/outline.h"
#include "forms/characterform.h"
#include "io/scenarioreader.h"
#include "mainwindow.h"
#include "planner/compiledscenario.h"
#include "run/inspector.h"
#include "run/liverun.h"
#include "run/runlayer.h"
#include "run/simcontroller.h"
#include "scenarios.h"
#include "scene/mapscene.h"
#include "scene/reachable.h"
#include "scene/startmarkers.h"
#include "scene/walltools.h"
#include "space/paths.h"
#include "synthetic.h"
#include "testutil.h"

#include <QAction>
#include <QGraphicsItem>
#include <QMenu>
#include <QMenuBar>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QToolButton>
#include <QUndoStack>
#include <QtTest>

using namespace goap;
using namespace goap::editor;

using goap::testing::kSource;

namespace {

// The free cells 4-connected to `from`, found here by a flood fill of our
// own over the walls as the map burns them (a cell is blocked when its centre
// is inside a wall), to check the map's tint against.
QSet<QPoint> floodFill(const MapSettings &map, QPoint from, const QList<Wall> &walls)
{
    const int width = int(std::ceil(map.width)), height = int(std::ceil(map.height));
    auto free = [&](QPoint c) {
        return c.x() >= 0 && c.y() >= 0 && c.x() < width && c.y() < height
            && std::none_of(walls.begin(), walls.end(),
                            [&](const Wall &w) { return wallBlocksCellAt(w, c.x() + 0.5, c.y() + 0.5); });
    };
    QSet<QPoint> seen;
    if (!free(from))
        return seen;
    QList<QPoint> todo {from};
    seen.insert(from);
    while (!todo.isEmpty()) {
        const QPoint c = todo.takeLast();
        for (const QPoint n : {c + QPoint(1, 0), c - QPoint(1, 0), c + QPoint(0, 1), c - QPoint(0, 1)})
            if (!seen.contains(n) && free(n)) {
                seen.insert(n);
                todo.append(n);
            }
    }
    return seen;
}

// The README's pictures, made by the program: with GOAP_DOC_IMAGES=DIR set,
// the map view as the test leaves it is saved as DIR/NAME.
void saveDocImage(QWidget *view, const QString &name)
{
    const QString dir = qEnvironmentVariable("GOAP_DOC_IMAGES");
    if (!dir.isEmpty() && !view->grab().save(QDir(dir).filePath(name)))
        qFatal("could not save %s", qPrintable(name));
}

QSet<QPoint> cellsOf(const QList<QRect> &rects)
{
    QSet<QPoint> out;
    for (const QRect &r : rects)
        for (int y = r.top(); y <= r.bottom(); ++y)
            for (int x = r.left(); x <= r.right(); ++x) {
                const QPoint c(x, y);
                if (out.contains(c))
                    qFatal("cell (%d, %d) tinted twice", x, y);
                out.insert(c);
            }
    return out;
}

// How many pixels of the view near `scenePos` (a disc's box) have about
// the colour `colour`: a character's disc drawn there has dozens.
// The view's point at map cell coordinates (x, y).
QPoint cellPoint(QGraphicsView *view, double x, double y)
{
    return view->mapFromScene(QPointF(x * MapScene::kScale, y * MapScene::kScale));
}

// A left-button drag between two cell points, through their middle.
void dragCells(QGraphicsView *view, QPointF from, QPointF to)
{
    QTest::mousePress(view->viewport(), Qt::LeftButton, {}, cellPoint(view, from.x(), from.y()));
    for (const QPoint p :
         {cellPoint(view, (from.x() + to.x()) / 2, (from.y() + to.y()) / 2), cellPoint(view, to.x(), to.y())}) {
        // With the button held (QTest::mouseMove sends no buttons to a widget).
        QMouseEvent move(QEvent::MouseMove, p, view->viewport()->mapToGlobal(p), Qt::NoButton, Qt::LeftButton,
                         Qt::NoModifier);
        QApplication::sendEvent(view->viewport(), &move);
    }
    QTest::mouseRelease(view->viewport(), Qt::LeftButton, {}, cellPoint(view, to.x(), to.y()));
}

int pixelsOfColour(QGraphicsView *view, const QPointF &scenePos, const QColor &colour)
{
    const QImage shot = view->viewport()->grab().toImage();
    const double dpr = shot.devicePixelRatio();
    const QPoint c = view->mapFromScene(scenePos);
    int n = 0;
    for (int y = c.y() - 8; y <= c.y() + 8; ++y)
        for (int x = c.x() - 8; x <= c.x() + 8; ++x) {
            const QColor p = shot.pixelColor(QPoint(int(x * dpr), int(y * dpr)));
            if (std::abs(p.red() - colour.red()) + std::abs(p.green() - colour.green())
                    + std::abs(p.blue() - colour.blue())
                < 60)
                ++n;
        }
    return n;
}

} // namespace

class TestMap : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void dragOnTheMapIsOneStep()
    {
        MainWindow w;
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/cook.json")));
        const int steps = w.document()->undoStack()->count();
        QGraphicsItem *item = w.mapScene()->itemFor({EntityKind::Station, 0});
        QVERIFY(item);
        w.mapScene()->itemMoved({EntityKind::Station, 0}, QPointF(5.2 * MapScene::kScale, 7.9 * MapScene::kScale),
                                true);
        QCOMPARE(w.scenario().stations[0].at, (Point {5, 8})); // snapped to half units
        QCOMPARE(w.document()->undoStack()->count(), steps + 1);
        w.mapScene()->itemMoved({EntityKind::Character, 0}, QPointF(1.26 * MapScene::kScale, 2 * MapScene::kScale),
                                false);
        QCOMPARE(w.scenario().agents[0].at, (Point {1.26, 2}));
        w.document()->undoStack()->undo();
        w.document()->undoStack()->undo();
        QCOMPARE(w.scenario().stations[0].at, (Point {3, 3}));
    }

    // Issue #13, 1: walls are drawn on the map with the wall tool (whole
    // cells, one undo step), never over a station, and removed with Delete.
    void wallsAreDrawnMovedAndRemovedOnTheMap()
    {
        MainWindow w;
        w.resize(1200, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(w.openFile(kSource
                           + QStringLiteral("/scenarios/cook.json"))); // woodpile (3, 3), hearth (10, 6), table (16, 9)
        MapView *view = w.mapView();
        auto drag = [&](QPointF from, QPointF to) { dragCells(view, from, to); };
        w.wallToolAction()->trigger();
        QVERIFY(w.mapScene()->wallTool());
        drag({5.2, 1.5}, {6.7, 7.4}); // cells 5..6 x 1..7
        QCOMPARE(w.scenario().map.walls, (QList<Wall> {Wall {5, 1, 2, 7}}));
        QUndoStack *stack = w.document()->undoStack();
        QVERIFY2(stack->undoText().contains(u"2 x 7 at (5, 1)"), qPrintable(stack->undoText()));
        // Over the hearth: refused with the reason, nothing drawn.
        drag({9.5, 5.5}, {11.5, 6.5});
        QCOMPARE(w.scenario().map.walls.size(), 1);
        QVERIFY2(w.statusBar()->currentMessage().contains(u"hearth"), qPrintable(w.statusBar()->currentMessage()));
        w.wallToolAction()->trigger();
        QVERIFY(!w.mapScene()->wallTool());

        // A station dragged into the wall is refused and stays where it was.
        const Point before = w.scenario().stations[0].at;
        w.mapScene()->itemMoved({EntityKind::Station, 0}, QPointF(5.5 * MapScene::kScale, 3.5 * MapScene::kScale),
                                true);
        QCOMPARE(w.scenario().stations[0].at, before);
        QVERIFY(w.statusBar()->currentMessage().contains(u"inside a wall"));

        // Selected and dragged: moved by whole cells.
        QVERIFY(w.mapScene()->wallItem(0));
        drag({5.5, 4.5}, {5.4, 7.6});
        QCOMPARE(w.scenario().map.walls, (QList<Wall> {Wall {5, 4, 2, 7}}));
        QVERIFY(stack->undoText().startsWith(u"Move wall"));
        // Onto the cook's start (8, 3): refused, the wall snaps back.
        drag({5.5, 4.5}, {8.5, 2.5});
        QCOMPARE(w.scenario().map.walls, (QList<Wall> {Wall {5, 4, 2, 7}}));
        QVERIFY2(w.statusBar()->currentMessage().contains(u"cook"), qPrintable(w.statusBar()->currentMessage()));
        QCOMPARE(w.mapScene()->wallItem(0)->pos(), QPointF(5 * MapScene::kScale, 4 * MapScene::kScale));
        // Its corner handle resizes it, by whole cells.
        w.mapScene()->wallItem(0)->setSelected(true);
        const double inside = 3 / MapScene::kScale; // a few pixels inside the lower right corner
        drag({7 - inside, 11 - inside}, {9.1, 10.8});
        QCOMPARE(w.scenario().map.walls, (QList<Wall> {Wall {5, 4, 4, 7}}));
        QVERIFY2(stack->undoText().startsWith(u"Resize wall"), qPrintable(stack->undoText()));
        // Delete in the map removes the selected wall; Undo brings it back.
        w.mapScene()->wallItem(0)->setSelected(true);
        view->setFocus();
        QTest::keyClick(view, Qt::Key_Delete);
        QVERIFY(w.scenario().map.walls.isEmpty());
        stack->undo();
        QCOMPARE(w.scenario().map.walls.size(), 1);
    }

    // Issue #13, 5: the wall brush paints cells (a drag, one undo step, merged
    // into rectangles, never over a station), the eraser opens a door in a
    // wall, warnings follow live as walls cut a station off, and a station's
    // places are shown where the simulation puts them.
    void wallBrushAndEraserPaintAndOpenDoors()
    {
        MainWindow w;
        w.resize(1200, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(
            w.openFile(kSource
                       + QStringLiteral(
                           "/scenarios/cook.json"))); // woodpile (3, 3), hearth (10, 6), table (16, 9); cook at (8, 3)
        MapView *view = w.mapView();
        auto at = [&](double x, double y) { return cellPoint(view, x, y); };
        auto stroke = [&](const QList<QPointF> &points) {
            QTest::mousePress(view->viewport(), Qt::LeftButton, {}, at(points.first().x(), points.first().y()));
            for (const QPointF &q : points) {
                const QPoint p = at(q.x(), q.y());
                QMouseEvent move(QEvent::MouseMove, p, view->viewport()->mapToGlobal(p), Qt::NoButton, Qt::LeftButton,
                                 Qt::NoModifier);
                QApplication::sendEvent(view->viewport(), &move);
            }
            QTest::mouseRelease(view->viewport(), Qt::LeftButton, {}, at(points.last().x(), points.last().y()));
        };
        QUndoStack *stack = w.document()->undoStack();
        const int before = stack->count();
        w.wallBrushAction()->trigger();
        QCOMPARE(w.mapScene()->wallMode(), MapScene::WallTool::Brush);
        // A stroke down column 6 from row 0 to row 11 (a fast drag: the cells between count too).
        stroke({{6.5, 0.5}, {6.5, 5.2}, {6.5, 11.5}});
        QCOMPARE(w.scenario().map.walls, (QList<Wall> {Wall {6, 0, 1, 12}}));
        QCOMPARE(stack->count(), before + 1);
        QVERIFY2(stack->undoText().contains(u"Paint 12 wall cells"), qPrintable(stack->undoText()));
        // The woodpile (3, 3) is cut off from the cook (8, 3): the Issues panel says so, live.
        // (issues() is a value: one copy, not two, for begin and end.)
        auto mentions = [&](const QString &fragment) {
            const Issues issues = w.document()->issues();
            return std::any_of(issues.begin(), issues.end(),
                               [&](const Issue &i) { return i.message.contains(fragment); });
        };
        QTRY_VERIFY(mentions(QStringLiteral("cannot reach station woodpile")));
        // Painting over the hearth leaves its cell free and says why.
        stroke({{9.5, 6.5}, {11.5, 6.5}});
        QCOMPARE(w.scenario().map.walls.size(), 3); // cells 9 and 11 of row 6; the hearth's cell 10 stays free
        QCOMPARE(w.scenario().map.walls[1], (Wall {9, 6, 1, 1}));
        QCOMPARE(w.scenario().map.walls[2], (Wall {11, 6, 1, 1}));
        QVERIFY2(w.statusBar()->currentMessage().contains(u"stays free"), qPrintable(w.statusBar()->currentMessage()));
        stack->undo();
        QCOMPARE(w.scenario().map.walls.size(), 1);
        // The eraser opens a door of two cells: the wall is cut in two, one undo step.
        w.wallEraserAction()->trigger();
        QCOMPARE(w.mapScene()->wallMode(), MapScene::WallTool::Eraser);
        QVERIFY(!w.wallBrushAction()->isChecked());
        stroke({{6.5, 4.5}, {6.5, 5.5}});
        QCOMPARE(w.scenario().map.walls, (QList<Wall> {Wall {6, 0, 1, 4}, Wall {6, 6, 1, 6}}));
        QVERIFY2(stack->undoText().contains(u"Erase 2 wall cells"), qPrintable(stack->undoText()));
        QTRY_VERIFY(!mentions(QStringLiteral("cannot reach")));
        stack->undo();
        QCOMPARE(w.scenario().map.walls, (QList<Wall> {Wall {6, 0, 1, 12}}));
        w.wallEraserAction()->trigger();
        QCOMPARE(w.mapScene()->wallMode(), MapScene::WallTool::None);
        // Saved and read back: the walls round-trip.
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("brushed.json"));
        QVERIFY(w.saveAs(file));
        QCOMPARE(readScenarioFile(file).scenario->map.walls, (QList<Wall> {Wall {6, 0, 1, 12}}));

        // Places: a capacity-2 hearth shows two place cells beside it, as the simulation has them.
        Station hearth = w.scenario().stations[1];
        hearth.capacity = 2;
        QVERIFY(
            w.document()
                ->submit(edits::setEntity(w.document()->scenario(), EntityKind::Station, 1, hearth, Field::Capacity))
                .isEmpty());
        QCOMPARE(w.mapScene()->placeCells().size(), 2);
        const CompiledScenario c = compile(w.scenario());
        const Space space(c);
        QCOMPARE(w.mapScene()->placeCells()[0], space.spots(1)[0]);
        QCOMPARE(w.mapScene()->placeCells()[1], space.spots(1)[1]);
        QVERIFY(!w.mapScene()->lineCells().isEmpty());
    }

    // Issue #29, 7: the wall brush is a mode and shows as one (its toolbar
    // button stays down, the map's cursor is the tool's), Escape on the map
    // leaves it, and a click that selects a character in a run paints nothing.
    void theWallBrushIsAModeAndAClickThatSelectsPaintsNothing()
    {
        MainWindow w;
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/town.json")));
        QVERIFY(w.liveRun()->runFor(1));
        RunLayer *layer = w.liveRun()->layer();
        layer->settle();
        MapView *view = w.mapView();
        QToolButton *button = nullptr;
        for (QToolButton *b : w.findChildren<QToolButton *>())
            if (b->defaultAction() == w.wallBrushAction())
                button = b;
        QVERIFY(button);
        QVERIFY(!button->isChecked());

        view->setFocus();
        QTest::keyClick(view, Qt::Key_B, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(w.mapScene()->wallMode(), MapScene::WallTool::Brush);
        QVERIFY(button->isChecked());
        QCOMPARE(view->viewport()->cursor().shape(), Qt::BitmapCursor); // the cross and the brush
        QVERIFY2(w.statusBar()->currentMessage().contains(u"Escape"), qPrintable(w.statusBar()->currentMessage()));

        // A click on the farmer selects it; no wall is painted under it.
        QUndoStack *stack = w.document()->undoStack();
        const int steps = stack->count();
        const QList<Wall> walls = w.scenario().map.walls;
        const QPointF farmer = layer->tokenPosition(3);
        QCOMPARE(layer->charactersAt(farmer), (QList<int> {3}));
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->mapFromScene(farmer));
        QCOMPARE(w.liveRun()->inspector()->character(), 3);
        QCOMPARE(w.scenario().map.walls, walls);
        QCOMPARE(stack->count(), steps);
        QCOMPARE(w.mapScene()->wallMode(), MapScene::WallTool::Brush); // still on: a click that selects leaves it be

        // A drag on open ground paints, the brush still being on.
        auto at = [&](double x, double y) { return cellPoint(view, x, y); };
        QTest::mousePress(view->viewport(), Qt::LeftButton, {}, at(0.5, 7.5));
        QMouseEvent move(QEvent::MouseMove, at(2.5, 7.5), view->viewport()->mapToGlobal(at(2.5, 7.5)), Qt::NoButton,
                         Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(view->viewport(), &move);
        QTest::mouseRelease(view->viewport(), Qt::LeftButton, {}, at(2.5, 7.5));
        QCOMPARE(stack->count(), steps + 1);
        QCOMPARE(w.scenario().map.walls.size(), walls.size() + 1);
        QCOMPARE(w.scenario().map.walls.last(), (Wall {0, 7, 3, 1}));

        // Escape on the map leaves the mode: the button comes up, the cursor is the map's again.
        QTest::keyClick(view, Qt::Key_Escape);
        QCOMPARE(w.mapScene()->wallMode(), MapScene::WallTool::None);
        QVERIFY(!w.wallBrushAction()->isChecked());
        QVERIFY(!button->isChecked());
        QCOMPARE(view->viewport()->cursor().shape(), Qt::ArrowCursor);
        QVERIFY(w.statusBar()->currentMessage().isEmpty());
        // And a drag on the map paints nothing now.
        QTest::mousePress(view->viewport(), Qt::LeftButton, {}, at(0.5, 9.5));
        QTest::mouseRelease(view->viewport(), Qt::LeftButton, {}, at(0.5, 9.5));
        QCOMPARE(stack->count(), steps + 1);
    }
    // Issue #29 (wall tools, 1): the fill tool, a paint bucket. A click in a
    // room walls all of it in one undo step, as few rectangles as its rows
    // allow; a room with a station or a start is refused and nothing changes;
    // Shift+click on a wall clears the whole connected wall.
    void theFillToolFillsARoomAndShiftClickClearsAWall()
    {
        MainWindow w;
        w.resize(1200, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        // cook: 20 x 12; woodpile (3, 3), hearth (10, 6), table (16, 9); the cook starts at (8, 3).
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/cook.json")));
        MapView *view = w.mapView();
        auto at = [&](double x, double y) { return cellPoint(view, x, y); };
        // A room in the top right corner, an L: cells 13..19 x 0..1 and 17..19 x 2..3, closed by
        // walls and the map's edge.
        const QList<Wall> room {Wall {12, 0, 1, 3}, Wall {12, 2, 5, 1}, Wall {16, 3, 1, 2}, Wall {16, 4, 4, 1}};
        for (const Wall &wall : room)
            QVERIFY(w.document()->submit(edits::addWall(w.document()->scenario(), wall)).isEmpty());
        QUndoStack *stack = w.document()->undoStack();
        const int steps = stack->index();

        view->setFocus();
        QTest::keyClick(view, Qt::Key_G, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(w.mapScene()->wallMode(), MapScene::WallTool::Fill);
        QVERIFY(w.wallTools()->fill()->isChecked());
        QVERIFY2(w.statusBar()->currentMessage().contains(u"Shift+click"), qPrintable(w.statusBar()->currentMessage()));

        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at(18.5, 0.5));
        QCOMPARE(stack->index(), steps + 1);
        QVERIFY2(stack->undoText().contains(u"Fill 20 wall cells"), qPrintable(stack->undoText()));
        // Row runs merged downwards: the two rows of 13..19, then the two rows of 17..19.
        QCOMPARE(w.scenario().map.walls, (room + QList<Wall> {Wall {13, 0, 7, 2}, Wall {17, 2, 3, 2}}));
        const Grid grid(w.scenario().map);
        for (int y = 0; y < 4; ++y)
            for (int x = 13; x < 20; ++x)
                QVERIFY(grid.blocked({x, y}) || (x < 17 && y >= 2));
        stack->undo();
        QCOMPARE(w.scenario().map.walls, room);

        // The rest of the map holds the stations and the cook's start: refused, said, nothing changed.
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at(1.5, 10.5));
        QCOMPARE(w.scenario().map.walls, room);
        QCOMPARE(stack->index(), steps);
        QVERIFY2(w.statusBar()->currentMessage().contains(u"bury"), qPrintable(w.statusBar()->currentMessage()));

        // Shift+click on a wall clears the whole wall it belongs to (the four touch): one step.
        QTest::mouseClick(view->viewport(), Qt::LeftButton, Qt::ShiftModifier, at(12.5, 1.5));
        QVERIFY(w.scenario().map.walls.isEmpty());
        QCOMPARE(stack->index(), steps + 1);
        QVERIFY2(stack->undoText().contains(u"Clear 12 wall cells"), qPrintable(stack->undoText()));
        stack->undo();
        QCOMPARE(w.scenario().map.walls, room);

        // Escape leaves the fill like any wall tool; a click then fills nothing.
        QTest::keyClick(view, Qt::Key_Escape);
        QCOMPARE(w.mapScene()->wallMode(), MapScene::WallTool::None);
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at(18.5, 0.5));
        QCOMPARE(w.scenario().map.walls, room);
    }

    // Issue #29 (wall tools, 2): the tool's cursor. While a tool is on, what
    // a click would cover is outlined under the pointer before the click (a
    // cell; the fill's room or wall), following the pointer, and gone when
    // the pointer leaves the map or the view, or the tool goes off.
    void theToolsCursorOutlinesWhatAClickWouldCover()
    {
        MainWindow w;
        w.resize(1200, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/cook.json"))); // 20 x 12
        MapView *view = w.mapView();
        MapScene *scene = w.mapScene();
        auto at = [&](double x, double y) { return cellPoint(view, x, y); };
        auto cells = [](double x, double y, double wide, double high) {
            const double k = MapScene::kScale;
            return QRectF(x * k, y * k, wide * k, high * k);
        };
        // No tool on: a move outlines nothing.
        QTest::mouseMove(view->viewport(), at(4.5, 7.5));
        QVERIFY(scene->hoverOutline().isEmpty());

        view->setFocus();
        QTest::keyClick(view, Qt::Key_B, Qt::ControlModifier | Qt::ShiftModifier);
        QTest::mouseMove(view->viewport(), at(4.5, 7.5));
        QCOMPARE(scene->hoverOutline().boundingRect(), cells(4, 7, 1, 1));
        QTest::mouseMove(view->viewport(), at(5.9, 7.1)); // the next cell
        QCOMPARE(scene->hoverOutline().boundingRect(), cells(5, 7, 1, 1));
        // Off the map (in the view's margin): nothing.
        QTest::mouseMove(view->viewport(), at(-0.5, 7.5));
        QVERIFY(scene->hoverOutline().isEmpty());
        QTest::mouseMove(view->viewport(), at(5.5, 7.5));
        QVERIFY(!scene->hoverOutline().isEmpty());
        // The pointer leaves the view: gone.
        QEvent leave(QEvent::Leave);
        QApplication::sendEvent(view->viewport(), &leave);
        QVERIFY(scene->hoverOutline().isEmpty());

        // The fill outlines the room a click would fill, or the wall Shift+click would clear.
        const QList<Wall> room {Wall {12, 0, 1, 3}, Wall {12, 2, 5, 1}, Wall {16, 3, 1, 2}, Wall {16, 4, 4, 1}};
        for (const Wall &wall : room)
            QVERIFY(w.document()->submit(edits::addWall(w.document()->scenario(), wall)).isEmpty());
        QTest::keyClick(view, Qt::Key_G, Qt::ControlModifier | Qt::ShiftModifier);
        QTest::mouseMove(view->viewport(), at(18.5, 0.5));
        QCOMPARE(scene->hoverOutline().boundingRect(), cells(13, 0, 7, 4)); // the L of 13..19 x 0..3
        saveDocImage(view, QStringLiteral("wall-fill-cursor.png"));
        QTest::mouseMove(view->viewport(), at(12.5, 1.5));
        QCOMPARE(scene->hoverOutline().boundingRect(), cells(12, 0, 8, 5)); // the wall, all of it
        QTest::mouseMove(view->viewport(), at(1.5, 10.5));
        QCOMPARE(scene->hoverOutline().boundingRect(), cells(0, 0, 20, 12)); // the rest of the map
        // A fill changes the walls: the outline under the pointer follows them.
        QTest::mouseMove(view->viewport(), at(18.5, 0.5));
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at(18.5, 0.5));
        QCOMPARE(w.scenario().map.walls.size(), room.size() + 2);
        QCOMPARE(scene->hoverOutline().boundingRect(), cells(12, 0, 8, 5)); // now all wall

        // Escape leaves the tool: its cursor goes with it.
        QTest::keyClick(view, Qt::Key_Escape);
        QCOMPARE(scene->wallMode(), MapScene::WallTool::None);
        QVERIFY(scene->hoverOutline().isEmpty());
        QTest::mouseMove(view->viewport(), at(4.5, 7.5));
        QVERIFY(scene->hoverOutline().isEmpty());
    }

    // Issue #29 (wall tools, 3): View > Show Reachable Region tints the cells
    // the selected character can reach from where it stands: in the editor
    // the one selected on the map, at its start, among the document's walls;
    // in a run the run's selected token where it is, among the run's walls
    // (a wall painted during the run counts from its next tick).
    void theReachableRegionIsTintedForTheSelectedCharacter()
    {
        MainWindow w;
        w.resize(1200, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/cook.json"))); // 20 x 12, the cook at (8, 3)
        MapView *view = w.mapView();
        MapScene *scene = w.mapScene();
        ReachableOverlay *reachable = w.reachable();
        auto at = [&](double x, double y) { return cellPoint(view, x, y); };
        // A wall down column 12 with a door at row 5; a pen of 4 x 3 cells at (0..3, 9..11).
        const QList<Wall> walls {Wall {12, 0, 1, 5}, Wall {12, 6, 1, 6}, Wall {0, 8, 5, 1}, Wall {4, 9, 1, 3}};
        for (const Wall &wall : walls)
            QVERIFY(w.document()->submit(edits::addWall(w.document()->scenario(), wall)).isEmpty());
        const MapSettings &map = w.scenario().map;
        QVERIFY(reachable->tinted().isEmpty());

        // The cook, clicked on the map, then View > Show Reachable Region by its shortcut.
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at(8, 3));
        QCOMPARE(scene->selectedCharacters(), (QList<int> {0}));
        bool inViewMenu = false; // View > Show Reachable Region (the map's context menu offers it too)
        for (QAction *menu : w.menuBar()->actions())
            if (menu->menu() && menu->text() == QStringLiteral("&View"))
                inViewMenu = menu->menu()->actions().contains(reachable->action());
        QVERIFY(inViewMenu);
        view->setFocus();
        QTest::keyClick(view, Qt::Key_R, Qt::ControlModifier | Qt::ShiftModifier);
        QVERIFY(reachable->action()->isChecked());
        QCOMPARE(reachable->character(), 0);
        QSet<QPoint> expected = floodFill(map, QPoint(8, 3), map.walls);
        QCOMPARE(expected.size(), 20 * 12 - 11 - 8 - 12); // both sides of the door, not the pen nor the walls
        QCOMPARE(cellsOf(reachable->tinted()), expected);
        saveDocImage(view, QStringLiteral("reachable-region.png"));

        // The brush closes the door (a click on the map): only the left side is reachable.
        QTest::keyClick(view, Qt::Key_B, Qt::ControlModifier | Qt::ShiftModifier);
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at(12.5, 5.5));
        QCOMPARE(w.scenario().map.walls.size(), walls.size() + 1);
        expected = floodFill(map, QPoint(8, 3), w.scenario().map.walls);
        QCOMPARE(expected.size(), 12 * 12 - 8 - 12); // left of column 12, not the pen nor its walls
        QCOMPARE(cellsOf(reachable->tinted()), expected);
        w.document()->undoStack()->undo(); // the door again
        QCOMPARE(cellsOf(reachable->tinted()), floodFill(map, QPoint(8, 3), walls));
        // Leaving the brush, the cook is still the one selected on the map.
        QTest::keyClick(view, Qt::Key_Escape);
        QCOMPARE(scene->selectedCharacters(), (QList<int> {0}));
        QVERIFY(scene->itemFor({EntityKind::Character, 0})->isSelected());
        QCOMPARE(reachable->character(), 0);

        // Nothing selected (a click on open ground): nothing tinted.
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at(15.5, 1.5));
        QVERIFY(scene->selectedCharacters().isEmpty());
        QVERIFY(reachable->tinted().isEmpty());

        // In a run: the selected token where it is now, among the run's walls.
        QVERIFY(w.liveRun()->runFor(1));
        RunLayer *layer = w.liveRun()->layer();
        layer->settle();
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->mapFromScene(layer->tokenPosition(0)));
        QCOMPARE(w.liveRun()->inspector()->character(), 0);
        auto tokenCell = [&] {
            const QPointF p = layer->tokenPosition(0) / MapScene::kScale;
            return QPoint(int(std::floor(p.x())), int(std::floor(p.y())));
        };
        QCOMPARE(cellsOf(reachable->tinted()), floodFill(map, tokenCell(), walls));
        QCOMPARE(cellsOf(reachable->tinted()).size(), 20 * 12 - 11 - 8 - 12);
        // The door closed during the run: the run has it from its next tick, and so has the tint.
        QVERIFY(w.document()->submit(edits::addWall(w.document()->scenario(), Wall {12, 5, 1, 1})).isEmpty());
        QCOMPARE(cellsOf(reachable->tinted()), floodFill(map, tokenCell(), walls)); // not yet the run's
        QVERIFY(w.liveRun()->runFor(2));
        QCOMPARE(layer->walls(), w.scenario().map.walls);
        const QSet<QPoint> closed = floodFill(map, tokenCell(), w.scenario().map.walls);
        QVERIFY(closed.size() < 20 * 12 - 11 - 8 - 12);
        QCOMPARE(cellsOf(reachable->tinted()), closed);

        // Off again: nothing tinted.
        reachable->action()->trigger();
        QVERIFY(reachable->tinted().isEmpty());
    }

    // Issue #29 (wall tools, 4): doors. The Door tool drags a closed door; a
    // click on a door (no tool on) opens or closes it, one undo step; a
    // closed door blocks like a wall: the cook behind one has no plan, and
    // opening it during the run lets it through from the run's next tick.
    void doorsArePlacedToggledAndBlockWhenClosed()
    {
        MainWindow w;
        w.resize(1200, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        // cook: woodpile (3, 3), hearth (10, 6), table (16, 9); the cook at (8, 3), needing wood first.
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/cook.json")));
        MapView *view = w.mapView();
        MapScene *scene = w.mapScene();
        auto at = [&](double x, double y) { return cellPoint(view, x, y); };
        // A wall down column 5, but for its last cell: the woodpile's side is open below.
        QVERIFY(w.document()->submit(edits::addWall(w.document()->scenario(), Wall {5, 0, 1, 11})).isEmpty());
        QUndoStack *stack = w.document()->undoStack();

        view->setFocus();
        QTest::keyClick(view, Qt::Key_O, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(scene->wallMode(), MapScene::WallTool::Door);
        QVERIFY(w.wallTools()->door()->isChecked());
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at(5.5, 11.5));
        QCOMPARE(w.scenario().map.doors, (QList<Door> {Door {QStringLiteral("door1"), Wall {5, 11, 1, 1}, false}}));
        QVERIFY2(stack->undoText().contains(u"Add door door1"), qPrintable(stack->undoText()));
        QTest::keyClick(view, Qt::Key_Escape);
        QVERIFY(scene->doorItem(0));
        QVERIFY(Grid(w.scenario().map).blocked({5, 11})); // closed: a wall
        // One list: begin() and end() of two temporaries would be two detached copies.
        const Issues issues = w.document()->issues();
        QVERIFY(std::any_of(issues.cbegin(), issues.cend(),
                            [](const Issue &i) { return i.message.contains(u"cannot reach station woodpile"); }));

        // A click opens it, another closes it; each one step.
        const int steps = stack->index();
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at(5.5, 11.5));
        QVERIFY(w.scenario().map.doors[0].open);
        QVERIFY2(stack->undoText().contains(u"Open door door1"), qPrintable(stack->undoText()));
        QCOMPARE(stack->index(), steps + 1);
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at(5.5, 11.5));
        QVERIFY(!w.scenario().map.doors[0].open);
        QCOMPARE(stack->index(), steps + 2);
        // The cook's reachable region stops at the closed door, and takes the woodpile's side when it opens.
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at(8, 3));
        QTest::keyClick(view, Qt::Key_R, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(cellsOf(w.reachable()->tinted()),
                 floodFill(w.scenario().map, QPoint(8, 3), w.scenario().map.blockingWalls()));
        QVERIFY(!cellsOf(w.reachable()->tinted()).contains(QPoint(3, 3)));
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at(5.5, 11.5));
        QVERIFY(cellsOf(w.reachable()->tinted()).contains(QPoint(3, 3)));
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at(5.5, 11.5));
        QVERIFY(!cellsOf(w.reachable()->tinted()).contains(QPoint(3, 3)));
        w.reachable()->action()->trigger();
        QCOMPARE(stack->index(), steps + 4);
        saveDocImage(view, QStringLiteral("door-closed.png"));

        // A run: the cook cannot reach the woodpile behind the closed door, and has no plan.
        QVERIFY(w.liveRun()->runFor(10));
        SimController *run = w.liveRun()->controller();
        QVERIFY(run->snapshot().agents[0].plan.empty());
        // Opened during the run (a click on it): from the next tick the cook plans and walks through.
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at(5.5, 11.5));
        QVERIFY(w.scenario().map.doors[0].open);
        QVERIFY(w.liveRun()->runFor(60));
        QVERIFY(!run->snapshot().agents[0].plan.empty());
        QCOMPARE(w.liveRun()->layer()->walls(), (QList<Wall> {Wall {5, 0, 1, 11}})); // the door is a gap now
        // Closed again during the run: a wall again from the next tick.
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at(5.5, 11.5));
        QVERIFY(!w.scenario().map.doors[0].open);
        QVERIFY(w.liveRun()->runFor(65));
        QCOMPARE(w.liveRun()->layer()->walls(), (QList<Wall> {Wall {5, 0, 1, 11}, Wall {5, 11, 1, 1}}));
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at(5.5, 11.5));
        QVERIFY(w.liveRun()->runFor(70));
        saveDocImage(view, QStringLiteral("door-open.png"));
    }

    // Issue #28: the characters' start markers are one item however many
    // there are (a map of 600 has as many items as one of 6), and the mouse
    // picks through it: a click selects the character under the pointer, a
    // drag moves that one's start (one undo step), a rubber band selects the
    // ones it touches, the pointer names the one under it, and a click on a
    // pile offers the list of those there.
    void theStartMarkersAreOneItemAndTheMousePicksThroughIt()
    {
        const Scenario town = goap::testing::loadShipped(QStringLiteral("town.json"));
        // miner (3, 4), smelter (8, 4), blacksmith (12, 4), farmer (6, 10), carpenter (19, 5), baker (12, 9)
        MainWindow w;
        w.resize(1200, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        MapScene *scene = w.mapScene();
        w.document()->reset(goap::testing::replicatedTown(town, 600), {});
        const qsizetype crowdItems = scene->items().size();
        QGraphicsItem *markers = scene->itemFor({EntityKind::Character, 0});
        QVERIFY(markers);
        QCOMPARE(scene->itemFor({EntityKind::Character, 599}), markers);
        QVERIFY(!scene->itemFor({EntityKind::Character, 600}));
        w.document()->reset(town, {});
        QCOMPARE(scene->items().size(), crowdItems);
        QCOMPARE(scene->itemFor({EntityKind::Character, 5}), markers);
        QCOMPARE(scene->startMarkers()->count(), 6);

        MapView *view = w.mapView();
        auto at = [&](double x, double y) { return cellPoint(view, x, y); };
        auto drag = [&](QPointF from, QPointF to) { dragCells(view, from, to); };
        QTRY_VERIFY(pixelsOfColour(view, MapScene::toScene(Point {6, 10}), MapScene::characterColor(3)) > 20);

        // A click a little off the farmer's centre selects the farmer, in the outline and its form too.
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at(6.15, 9.9));
        QCOMPARE(scene->selectedCharacters(), (QList<int> {3}));
        QVERIFY(markers->isSelected());
        QCOMPARE(w.outline()->current(), (ItemRef {EntityKind::Character, 3}));
        QCOMPARE(w.characterForm()->indices(), (QList<int> {3}));
        // Open ground: nothing.
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at(16, 1.5));
        QVERIFY(scene->selectedCharacters().isEmpty());
        QVERIFY(!markers->isSelected());

        // The pointer over the blacksmith names it.
        QTest::mouseMove(view->viewport(), at(12.1, 4.1));
        QTRY_COMPARE(scene->startMarkers()->hovered(), 2);
        QVERIFY2(markers->toolTip().startsWith(w.scenario().agents[2].label), qPrintable(markers->toolTip()));

        // A drag moves the smelter's start, snapped to half units: one step; the others stay.
        QUndoStack *stack = w.document()->undoStack();
        const int steps = stack->count();
        drag({8, 4}, {9.6, 7.1});
        QCOMPARE(w.scenario().agents[1].at, (Point {9.5, 7}));
        QCOMPARE(stack->count(), steps + 1);
        QCOMPARE(scene->selectedCharacters(), (QList<int> {1}));
        for (int i : {0, 2, 3, 4, 5})
            QCOMPARE(w.scenario().agents[i].at, town.agents[i].at);
        QCOMPARE(scene->startMarkers()->marker(1).pos, MapScene::toScene(Point {9.5, 7}));
        QTRY_VERIFY(pixelsOfColour(view, MapScene::toScene(Point {9.5, 7}), MapScene::characterColor(1)) > 20);
        QCOMPARE(pixelsOfColour(view, MapScene::toScene(Point {8, 4}), MapScene::characterColor(1)), 0);
        stack->undo();
        QCOMPARE(w.scenario().agents[1].at, (Point {8, 4}));
        QCOMPARE(scene->startMarkers()->marker(1).pos, MapScene::toScene(Point {8, 4}));

        // A rubber band from open ground over the miner and the smelter (not the blacksmith).
        drag({1.2, 2.6}, {9, 5});
        QCOMPARE(scene->selectedCharacters(), (QList<int> {0, 1}));
        QCOMPARE(w.characterForm()->indices(), (QList<int> {0, 1}));
        // Ctrl+click adds the baker.
        QTest::mouseClick(view->viewport(), Qt::LeftButton, Qt::ControlModifier, at(12, 9));
        QCOMPARE(scene->selectedCharacters(), (QList<int> {0, 1, 5}));

        // A pile: two characters a few pixels apart. A click selects the top
        // one (the last made) and offers both; the list picks the other.
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at(16, 1.5));
        w.document()->reset(goap::testing::replicatedTown(town, 12), {}); // miner_1 at (3.13, 4.11)
        QCOMPARE(scene->startMarkers()->charactersAt(MapScene::toScene(Point {3, 4})), (QList<int> {6, 0}));
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at(3.05, 4.05));
        QCOMPARE(scene->selectedCharacters(), (QList<int> {6}));
        QMenu *menu = nullptr;
        QTRY_VERIFY((menu = qobject_cast<QMenu *>(QApplication::activePopupWidget())) != nullptr);
        QAction *first = nullptr;
        QList<int> listed;
        for (QAction *a : menu->actions())
            if (a->data().isValid()) {
                listed << a->data().toInt();
                if (a->data().toInt() == 0)
                    first = a;
            }
        QCOMPARE(listed, (QList<int> {0, 6})); // by name: Miner 1, Miner 2
        QVERIFY(first);
        first->trigger();
        menu->close();
        QCOMPARE(scene->selectedCharacters(), (QList<int> {0}));
        QCOMPARE(w.outline()->current(), (ItemRef {EntityKind::Character, 0}));
    }
};

QTEST_MAIN(TestMap)
#include "test_map.moc"
