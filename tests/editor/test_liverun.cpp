// A run as the editor shows it: the inspector's plan timeline, why a
// character has no plan, and the run ended by opening another scenario.
#include "charts/daycharts.h"
#include "mainwindow.h"
#include "run/chartspanel.h"
#include "run/eventlogpanel.h"
#include "run/inspector.h"
#include "run/liverun.h"
#include "run/planstrip.h"
#include "run/runlayer.h"
#include "testutil.h"

#include <QLabel>
#include <QtTest>

#include <qcustomplot.h>

using namespace goap;
using namespace goap::editor;

using goap::testing::kSource;

class TestLiveRun : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    // Issue #14, 3: the plan timeline in the inspector: the steps left to
    // right, the one under way highlighted, each with its station and the
    // walk there by path (seconds at the character's speed, and metres).
    void planTimelineShowsStepsStationsAndWalks()
    {
        MainWindow w;
        w.resize(1400, 1000);
        w.show();
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/town.json")));
        QVERIFY(w.liveRun()->runFor(13)); // the miner has just planned three trips to the mine
        QVERIFY(w.inspect(QStringLiteral("miner")));
        Inspector *inspector = w.liveRun()->inspector();
        PlanStrip *strip = inspector->planStrip;
        QTRY_VERIFY(!strip->steps().isEmpty());
        const QList<PlanStripStep> steps = strip->steps();
        int current = 0;
        for (const PlanStripStep &s : steps) {
            QVERIFY2(s.title.contains(u"Mine ore"), qPrintable(s.title));
            current += s.current;
            if (!s.done) {
                QCOMPARE(s.where, QStringLiteral("at Mine"));
                QVERIFY2(s.walk.startsWith(u"walk ") || s.walk == u"there already", qPrintable(s.walk));
            }
            QVERIFY(s.details.contains(u"needs") && s.details.contains(u"does"));
        }
        QCOMPARE(current, 1);
        // The walk shown is the path's: from the miner's spot to the mine and back is no walk at all.
        QVERIFY(steps.back().walk == u"there already" || steps.back().walk.startsWith(u"walk 0."));
        // The step under way is drawn highlighted (blue), the others not.
        const QImage picture = strip->grab().toImage();
        int currentIndex = 0;
        while (!steps[currentIndex].current)
            ++currentIndex;
        const QRect r = strip->stepRect(currentIndex);
        QCOMPARE(picture.pixelColor(r.center().x(), r.bottom() - 6), QColor(0xd8, 0xe9, 0xfb));
        if (const QString grab = qEnvironmentVariable("GOAP_GRAB_DIR"); !grab.isEmpty())
            w.liveRun()->inspectorView()->grab().save(grab + QStringLiteral("/inspector.png"));
    }

    // Issue #12, 3: the inspector and the waiting token's tooltip say why
    // there is no plan, in words: the blacksmith can never make an ingot itself.
    void whyNoPlanIsSaidInWords()
    {
        MainWindow w;
        w.show();
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/smithy.json")));
        QVERIFY(w.liveRun()->runFor(2));
        const int smith = int(std::find_if(w.scenario().agents.begin(), w.scenario().agents.end(),
                                           [](const Agent &a) { return a.id == u"blacksmith"; })
                              - w.scenario().agents.begin());
        const QString tip = w.liveRun()->layer()->tokenToolTip(smith);
        QVERIFY2(tip.contains(u"no sequence of actions can ever reach this"), qPrintable(tip));
        QVERIFY(w.inspect(QStringLiteral("blacksmith")));
        const QString why = w.liveRun()->inspector()->whyLabel->text();
        QVERIFY2(why.contains(u"no sequence of actions can ever reach this"), qPrintable(why));
    }

    void openingAnotherScenarioEndsTheRun()
    {
        MainWindow w;
        w.show();
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/town.json")));
        QVERIFY(w.liveRun()->runFor(30));
        QVERIFY(w.liveRun()->eventLog()->visibleRows() > 0);
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/cook.json")));
        QVERIFY(!w.liveRun()->controller()->hasRun());
        QCOMPARE(w.liveRun()->eventLog()->visibleRows(), 0);
        QCOMPARE(w.liveRun()->layer()->tokenCount(), 0);
        // The charts forget the town's run: no characters to choose, no samples to export.
        QCOMPARE(w.liveRun()->charts()->characterList()->count(), 0);
        QCOMPARE(w.liveRun()->charts()->insistence()->graphCount(), 0);
    }
};

QTEST_MAIN(TestLiveRun)
#include "test_liverun.moc"
