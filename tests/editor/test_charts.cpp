// The charts: a graph per (character, goal) with every sample, quota-met
// markers that match the day report, exports, and goap-sim run --plot.
#include "charts/daycharts.h"
#include "io/scenarioreader.h"
#include "mainwindow.h"
#include "testutil.h"
#include "run/chartspanel.h"
#include "run/runui.h"
#include "run/simcontroller.h"
#include "sim/records.h"
#include "sim/simulation.h"

#include <QListWidget>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

using namespace goap;
using namespace goap::editor;

namespace {
const QString kSource = QStringLiteral(GOAP_SOURCE_DIR);

using goap::testing::readAll;
} // namespace

class TestCharts : public QObject
{
    Q_OBJECT

private:
    MainWindow *m_window = nullptr;

    ChartsPanel *charts() const { return m_window->runUi()->charts(); }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        m_window = new MainWindow;
        m_window->show();
        QVERIFY(m_window->openFile(kSource + QStringLiteral("/scenarios/town.json")));
        QVERIFY(m_window->runUi()->runFor(300)); // one whole day
        QTRY_COMPARE(charts()->insistence()->rowsShown(), size_t(301));
    }

    void cleanupTestCase() { delete m_window; }

    void aGraphPerCharacterAndGoalWithEverySample()
    {
        const SimController *c = m_window->runUi()->controller();
        const sim::Samples &s = c->samples();
        QCOMPARE(s.rows(), size_t(301)); // dawn and every second of a 300 s day
        QCOMPARE(s.columns(), size_t(12));
        for (int slot = 0; slot < 12; ++slot) {
            QCPGraph *g = charts()->insistence()->graphFor(slot);
            QVERIFY(g);
            QCOMPARE(g->dataCount(), 301);
            // The values are the samples'.
            QCOMPARE(g->data()->at(150)->value, double(s.insistence[150 * 12 + size_t(slot)]));
        }
        QCOMPARE(charts()->insistence()->graphFor(1)->name(), QStringLiteral("Miner: Hunger"));
        QCOMPARE(charts()->insistence()->graphFor(0)->pen().style(), Qt::DashLine); // a quota
        QCOMPARE(charts()->insistence()->graphFor(1)->pen().style(), Qt::SolidLine); // a need
        // Every need satisfaction of the day is marked.
        int satisfied = 0, marked = 0;
        for (const sim::Event &e : c->events().events)
            satisfied += e.kind == sim::EventKind::NeedSatisfied;
        for (int a = 0; a < 6; ++a)
            marked += charts()->insistence()->satisfiedMarkers(a)->dataCount();
        QCOMPARE(marked, satisfied);
        QVERIFY(satisfied >= 6);
        QCOMPARE(charts()->world()->graphCount(), 6);
        QCOMPARE(charts()->world()->graph(0)->lineStyle(), QCPGraph::lsStepLeft);
    }

    void quotaMarkersMatchTheReport()
    {
        const SimController *c = m_window->runUi()->controller();
        sim::Simulation headless(c->scenarioPtr());
        headless.runDays(1);
        QList<double> expected, shown;
        for (const sim::AgentReport &a : headless.reports().front().agents)
            for (const sim::GoalReport &g : a.goals)
                if (g.metAt)
                    expected << *g.metAt;
        QCPGraph *met = charts()->quotas()->metMarkers();
        for (int i = 0; i < met->dataCount(); ++i)
            shown << met->data()->at(i)->key / 300.0;
        std::sort(expected.begin(), expected.end());
        std::sort(shown.begin(), shown.end());
        QCOMPARE(shown.size(), 6);
        QCOMPARE(shown.size(), expected.size());
        for (int i = 0; i < shown.size(); ++i)
            QVERIFY(std::abs(shown[i] - expected[i]) < 1e-9);
    }

    void csvEqualsTheCommandLine()
    {
        QTemporaryDir dir;
        const QString gui = dir.filePath(QStringLiteral("gui.csv")), cli = dir.filePath(QStringLiteral("cli.csv"));
        QVERIFY(charts()->exportCsv(gui));
        QProcess p;
        p.start(QStringLiteral(GOAP_SIM_BINARY), {QStringLiteral("run"), kSource + QStringLiteral("/scenarios/town.json"),
                                                  QStringLiteral("--samples"), cli});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        QVERIFY(readAll(cli).size() > 10000);
        QCOMPARE(readAll(gui), readAll(cli));
    }

    void pngAndPdfExports()
    {
        QTemporaryDir dir;
        for (DayChart *chart : {static_cast<DayChart *>(charts()->insistence()), static_cast<DayChart *>(charts()->quotas()),
                                static_cast<DayChart *>(charts()->world())}) {
            const QString png = dir.filePath(QStringLiteral("c.png")), pdf = dir.filePath(QStringLiteral("c.pdf"));
            QVERIFY(chart->exportPng(png, 900, 500));
            const QImage image(png);
            QCOMPARE(image.size(), QSize(900, 500));
            QSet<QRgb> colours; // not a blank picture: axes, labels and lines
            for (int y = 0; y < image.height(); y += 3)
                for (int x = 0; x < image.width(); x += 3)
                    colours.insert(image.pixel(x, y));
            QVERIFY(colours.size() >= 8);
            QVERIFY(chart->exportPdf(pdf, 900, 500));
            const QByteArray bytes = readAll(pdf);
            QVERIFY(bytes.startsWith("%PDF"));
            QVERIFY(bytes.size() > 2000);
        }
    }

    void choosingCharactersAndGoals()
    {
        QListWidget *agents = charts()->agentList();
        QCOMPARE(agents->count(), 6);
        agents->item(0)->setCheckState(Qt::Unchecked); // the miner
        QVERIFY(!charts()->insistence()->graphFor(0)->visible());
        QVERIFY(!charts()->insistence()->graphFor(1)->visible());
        QVERIFY(charts()->insistence()->graphFor(2)->visible());
        QVERIFY(!charts()->quotas()->graphFor(0)->visible());
        agents->item(0)->setCheckState(Qt::Checked);
        QListWidget *goals = charts()->goalList();
        goals->item(0)->setCheckState(Qt::Unchecked); // hunger
        QVERIFY(!charts()->insistence()->graphFor(1)->visible());
        QVERIFY(charts()->insistence()->graphFor(0)->visible());
        goals->item(0)->setCheckState(Qt::Checked);
        QVERIFY(charts()->insistence()->graphFor(1)->visible());
    }

    void aFinishedRunStaysAndANewOneClears()
    {
        m_window->runUi()->stop();
        QCOMPARE(charts()->insistence()->graphFor(0)->dataCount(), 301); // still browsable
        QTemporaryDir dir;
        QVERIFY(charts()->exportCsv(dir.filePath(QStringLiteral("after.csv")))); // and exportable
        QCOMPARE(readAll(dir.filePath(QStringLiteral("after.csv"))).count('\n'), 1 + 301 * 12);
        QVERIFY(m_window->runUi()->play());
        QTRY_VERIFY(charts()->insistence()->rowsShown() < 301); // a new run starts over
        m_window->runUi()->pause();
    }

    void plotWithoutADisplay()
    {
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("town.png"));
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("DISPLAY"));
        env.remove(QStringLiteral("WAYLAND_DISPLAY"));
        env.remove(QStringLiteral("QT_QPA_PLATFORM"));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(GOAP_SIM_BINARY), {QStringLiteral("run"), kSource + QStringLiteral("/scenarios/town.json"),
                                                  QStringLiteral("--plot"), png});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        const QImage image(png);
        QCOMPARE(image.size(), QSize(1400, 1000));
        QVERIFY(p.readAllStandardOutput().contains("Town, day 1"));
    }
};

QTEST_MAIN(TestCharts)
#include "test_charts.moc"
