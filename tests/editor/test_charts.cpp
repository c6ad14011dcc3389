// The charts: a graph per charted (character, goal) with every sample, crowds
// charted as a dozen lines plus bands, lines told apart by goal, a legend
// outside the plot whose entries hide everything of a line, labels inside the
// axis rect, tooltips that stay, the reference line only where it belongs,
// exports at a chosen size, quota-met markers that match the day report, and
// goap-plot.
#include "charts/chartexportdialog.h"
#include "charts/daycharts.h"
#include "editordriver.h"
#include "io/scenarioreader.h"
#include "mainwindow.h"
#include "planner/compiledscenario.h"
#include "run/chartspanel.h"
#include "run/liverun.h"
#include "run/simcontroller.h"
#include "scenarios.h"
#include "sim/compare.h"
#include "sim/records.h"
#include "sim/simulation.h"
#include "synthetic.h"
#include "testutil.h"

#include <QCheckBox>
#include <QDockWidget>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <QToolTip>
#include <QtTest>

using namespace goap;
using namespace goap::editor;

namespace {
using goap::testing::compileShipped;
using goap::testing::kSource;
using goap::testing::readAll;

// A headless run with samples, as the charts are fed from.
std::unique_ptr<sim::Simulation> runHeadless(std::shared_ptr<const CompiledScenario> scenario, int day, double time)
{
    sim::Options options;
    options.recordSamples = true;
    auto simulation = std::make_unique<sim::Simulation>(std::move(scenario), options);
    simulation->runUntil(day, time);
    return simulation;
}

// Every text item shown lies inside the axis rect (nothing clipped at its edges).
QStringList textsOutsideAxisRect(DayChart *chart)
{
    QStringList out;
    const QRect inside = chart->axisRect()->rect().adjusted(-1, -1, 1, 1);
    for (int i = 0; i < chart->itemCount(); ++i) {
        auto *text = qobject_cast<QCPItemText *>(chart->item(i));
        if (!text || !text->visible())
            continue;
        const QPointF a = text->topLeft->pixelPosition(), b = text->bottomRight->pixelPosition();
        if (!inside.contains(a.toPoint()) || !inside.contains(b.toPoint()))
            out << text->text();
    }
    return out;
}

QPoint pixelOf(QCPGraph *graph, int index)
{
    const auto point = graph->data()->at(index);
    return QPointF(graph->keyAxis()->coordToPixel(point->key), graph->valueAxis()->coordToPixel(point->value))
        .toPoint();
}
} // namespace

class TestCharts : public QObject
{
    Q_OBJECT

private:
    MainWindow *m_window = nullptr;

    ChartsPanel *charts() const { return m_window->liveRun()->charts(); }
    const SimController *controller() const { return m_window->liveRun()->controller(); }

    void showChartsDock()
    {
        auto *dock = m_window->findChild<QDockWidget *>(QStringLiteral("chartsDock"));
        QVERIFY(dock);
        dock->show();
        dock->raise();
        QTRY_VERIFY(charts()->insistence()->isVisible());
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        m_window = new MainWindow;
        m_window->show();
        QVERIFY(m_window->openFile(kSource + QStringLiteral("/scenarios/town.json")));
        QVERIFY(m_window->liveRun()->runFor(300)); // one whole day
        QTRY_COMPARE(charts()->insistence()->rowsShown(), size_t(301));
    }

    void cleanupTestCase() { delete m_window; }

    void aGraphPerCharacterAndGoalWithEverySample()
    {
        const sim::Samples &s = controller()->samples();
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
        // Every need satisfaction of the day is marked, on its own line.
        int satisfied = 0, marked = 0;
        for (const sim::Event &e : controller()->events().events)
            satisfied += e.kind == sim::EventKind::NeedSatisfied;
        for (int slot = 0; slot < 12; ++slot)
            marked += charts()->insistence()->satisfiedMarkers(slot)->dataCount();
        QCOMPARE(marked, satisfied);
        QVERIFY(satisfied >= 6);
        QCOMPARE(charts()->world()->graphCount(), 6);
        QCOMPARE(charts()->world()->graph(0)->lineStyle(), QCPGraph::lsStepLeft);
    }

    void quotaMarkersMatchTheReport()
    {
        sim::Simulation headless(controller()->scenarioPtr());
        headless.runDays(1);
        QList<double> expected, shown;
        for (const sim::AgentReport &a : headless.reports().front().agents)
            for (const sim::GoalReport &g : a.goals)
                if (g.metAt)
                    expected << *g.metAt;
        for (QCPGraph *met : charts()->quotas()->metMarkers())
            for (int i = 0; i < met->dataCount(); ++i)
                shown << met->data()->at(i)->key / 300.0;
        std::sort(expected.begin(), expected.end());
        std::sort(shown.begin(), shown.end());
        QCOMPARE(shown.size(), 6);
        QCOMPARE(shown.size(), expected.size());
        for (int i = 0; i < shown.size(); ++i)
            QVERIFY(std::abs(shown[i] - expected[i]) < 1e-9);
    }

    // #10.10: a crowd is charted as a dozen characters' lines plus one band per
    // goal, not as 40,000 graphs; the bands hold every character's low, mean and high.
    void aCrowdIsADozenLinesAndBands()
    {
        const ReadResult r = readScenarioFile(kSource + QStringLiteral("/scenarios/town.json"));
        QVERIFY(r.ok());
        const auto crowd
            = std::make_shared<const CompiledScenario>(compile(goap::testing::replicatedTown(*r.scenario, 1000)));
        const auto run = runHeadless(crowd, 0, 20);
        const sim::Samples &s = run->samples();
        QCOMPARE(s.columns(), size_t(2000));
        InsistenceChart insistence;
        QuotaChart quotas;
        insistence.reset(crowd);
        quotas.reset(crowd);
        // Fed in pieces, as frames arrive.
        sim::EventLog none;
        insistence.update(s, none);
        insistence.update(s, run->events());
        quotas.update(s, run->events());
        QCOMPARE(insistence.chartedCharacters().size(), DayChart::kChartedAtFirst);
        // 12 characters x 2 goals x (line, switches, satisfied) + 7 goals x (low, high, mean)
        QCOMPARE(insistence.graphCount(), 12 * 2 * 3 + 7 * 3);
        QVERIFY(quotas.graphCount() <= 12 * 2 + 6 * 3);
        QVERIFY(insistence.graphFor(0));
        QVERIFY(!insistence.graphFor(2 * 12)); // the 13th character has no lines of its own
        // The hunger band: every character's low, mean and high at each sample.
        const int hunger = crowd->goalIndex(QStringLiteral("hunger"));
        QCPGraph *mean = insistence.bandMean(hunger);
        QVERIFY(mean);
        QCOMPARE(mean->dataCount(), int(s.rows()));
        const size_t row = s.rows() - 1;
        double lo = 2, hi = -1, sum = 0;
        int n = 0;
        for (size_t c = 0; c < s.columns(); ++c) {
            if (s.slotGoal[c] != hunger)
                continue;
            const double v = s.insistence[row * s.columns() + c];
            lo = std::min(lo, v);
            hi = std::max(hi, v);
            sum += v;
            ++n;
        }
        QCOMPARE(n, 1000);
        QVERIFY(std::abs(mean->data()->at(int(row))->value - sum / n) < 1e-9);
        QVERIFY(quotas.bandMean(crowd->goalIndex(QStringLiteral("mineQuota"))));
        // Choosing a character beyond the first dozen charts its whole history.
        QList<int> chosen = insistence.chartedCharacters();
        chosen << 600;
        insistence.setChartedCharacters(chosen, s, run->events());
        int slot600 = -1;
        for (size_t c = 0; c < s.columns(); ++c)
            if (s.slotAgent[c] == 600 && slot600 < 0)
                slot600 = int(c);
        QVERIFY(insistence.graphFor(slot600));
        QCOMPARE(insistence.graphFor(slot600)->dataCount(), int(s.rows()));
        QCOMPARE(insistence.graphFor(slot600)->data()->at(10)->value,
                 double(s.insistence[10 * s.columns() + size_t(slot600)]));
    }

    // #17.12: two goals of one character never look alike (Nurse 1: Care and Rest are both needs).
    void goalsOfOneCharacterLookDifferent()
    {
        const auto hospital = compileShipped(QStringLiteral("hospital.json"));
        QVERIFY(hospital);
        const auto run = runHeadless(hospital, 0, 120);
        InsistenceChart chart;
        chart.reset(hospital);
        chart.update(run->samples(), run->events());
        const sim::Samples &s = run->samples();
        QHash<int, QSet<QString>> stylesOf;
        int lines = 0;
        for (size_t c = 0; c < s.columns(); ++c) {
            if (size_t(s.slotAgent[c]) >= hospital->agents.size())
                continue; // the patients' group: charted when chosen
            QCPGraph *g = chart.graphFor(int(c));
            QVERIFY(g);
            const QString style
                = QStringLiteral("%1/%2").arg(int(g->pen().style())).arg(int(g->scatterStyle().shape()));
            QVERIFY2(!stylesOf[s.slotAgent[c]].contains(style), qPrintable(g->name()));
            stylesOf[s.slotAgent[c]].insert(style);
            QCOMPARE(g->pen().color(), chart.graphFor(int(c) - (c % 2))->pen().color()); // one colour per character
            ++lines;
        }
        QCOMPARE(lines, 4); // the two nurses' Care and Rest
        QCOMPARE(s.slotAgent.back(), int(hospital->agents.size())); // the template's group comes last
    }

    // #15, 4: compare runs. A finished run pinned as the baseline is drawn
    // under the next run's lines (dashed, faded), and the Compare tab shows
    // both reports side by side with deltas, row for row what goap-sim diff
    // computes from the two reports.
    void aPinnedRunIsComparedWithTheNext()
    {
        MainWindow w;
        w.show();
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/town.json")));
        ChartsPanel *panel = w.liveRun()->charts();
        QVERIFY(!panel->hasBaseline());
        QVERIFY(w.liveRun()->runFor(300));
        QTRY_VERIFY(!w.liveRun()->controller()->report().isEmpty());
        const QByteArray first = w.liveRun()->controller()->report();
        QTest::mouseClick(panel->pinButton(), Qt::LeftButton);
        QVERIFY(panel->hasBaseline());
        QVERIFY(panel->compareTable()->rowCount() > 20);
        // Against itself: no delta anywhere.
        for (int r = 0; r < panel->compareTable()->rowCount(); ++r) {
            const QString delta = panel->compareTable()->item(r, 4)->text();
            QVERIFY2(delta == u"0" || delta == u"0.0%" || delta == u"—", qPrintable(delta));
        }
        // A faster baker, run again: the baseline's lines stay under the new ones.
        Agent baker = w.scenario().agents[5];
        baker.speed = 6;
        QVERIFY(w.document()
                    ->submit(edits::setEntity(w.document()->scenario(), EntityKind::Character, 5, baker, Field::Speed))
                    .isEmpty());
        w.liveRun()->stop();
        QVERIFY(w.liveRun()->runFor(300));
        QTRY_VERIFY(w.liveRun()->controller()->report() != first);
        const QByteArray second = w.liveRun()->controller()->report();
        QCOMPARE(panel->insistence()->baselineLines().size(), size_t(12)); // one under each of the 12 lines
        QCOMPARE(panel->insistence()->baselineLines()[0]->pen().style(), Qt::DashLine);
        QVERIFY(panel->insistence()->baselineLines()[0]->dataCount() == 301);
        // The table is the diff of the two reports, and the baker's quota moved.
        const auto rows = sim::compareReports(*sim::reportMeasures(first), *sim::reportMeasures(second));
        QTRY_COMPARE(panel->compareTable()->rowCount(), int(rows.size()));
        bool bakerMoved = false;
        for (size_t r = 0; r < rows.size(); ++r) {
            QCOMPARE(panel->compareTable()->item(int(r), 0)->text(), rows[r].who);
            QCOMPARE(panel->compareTable()->item(int(r), 4)->text(), rows[r].delta);
            bakerMoved = bakerMoved
                || (rows[r].who == u"baker" && rows[r].what.startsWith(u"bakeQuota") && rows[r].delta != u"0");
        }
        QVERIFY(bakerMoved);
        // Cleared: no baseline lines, an empty table.
        panel->clearBaseline();
        QVERIFY(panel->insistence()->baselineLines().empty());
        QCOMPARE(panel->compareTable()->rowCount(), 0);
    }

    // #17: spawned characters are charted as their template's group: the mean
    // insistence of the copies present, a gap when none is, "patient*" in the CSV.
    void spawnedCopiesAreChartedAsAGroup()
    {
        const auto hospital = compileShipped(QStringLiteral("hospital.json"));
        QVERIFY(hospital);
        sim::Simulation sim(hospital);
        const int group = int(hospital->agents.size()); // the patients
        sim.runUntil(0, 120);
        const sim::Samples &s = sim.samples();
        int column = -1;
        for (size_t c = 0; c < s.columns(); ++c)
            if (s.slotAgent[c] == group && hospital->goals[size_t(s.slotGoal[c])].kind == GoalKind::Need)
                column = int(c);
        QVERIFY(column >= 0);
        // Before the first patient (t < 5 s) there is no copy: no value.
        QVERIFY(std::isnan(s.insistence[size_t(column)]));
        // At the last row, the mean over the copies present, as the simulation has them.
        double sum = 0;
        int copies = 0;
        const sim::Snapshot snap = sim.snapshot();
        for (const sim::AgentSnapshot &a : snap.agents)
            if (a.index >= group)
                for (const sim::BallotEntry &b : a.ballot)
                    if (b.goal == s.slotGoal[size_t(column)]) {
                        sum += b.insistence;
                        ++copies;
                    }
        QVERIFY(copies >= 1);
        QVERIFY(std::abs(s.insistence[(s.rows() - 1) * s.columns() + size_t(column)] - sum / copies) < 1e-5);
        // The chart draws it under the template's name; the CSV names it patient*.
        InsistenceChart chart;
        chart.reset(hospital);
        QVERIFY(!chart.graphFor(column)); // not charted until chosen
        chart.setChartedCharacters({0, group}, s, sim.events());
        QVERIFY(chart.graphFor(column));
        QCOMPARE(chart.graphFor(column)->dataCount(), int(s.rows()));
        QVERIFY2(chart.graphFor(column)->name().startsWith(u"Patient (every copy)"),
                 qPrintable(chart.graphFor(column)->name()));
        QVERIFY(sim::samplesCsv(*hospital, s).contains(",patient*,"));
    }

    // #17.12: a click on a legend entry hides the line and its markers, and
    // the entry greys out instead of turning blue (selected).
    void hidingALineHidesItsMarkersAndGreysItsEntry()
    {
        showChartsDock();
        InsistenceChart *chart = charts()->insistence();
        chart->replot(QCustomPlot::rpImmediateRefresh);
        // The baker's hunger: it has satisfied markers.
        int slot = -1;
        for (int c = 0; c < 12 && slot < 0; ++c)
            if (chart->satisfiedMarkers(c)->dataCount() > 0
                && chart->graphFor(c)->name().startsWith(QLatin1String("Baker")))
                slot = c;
        QVERIFY(slot >= 0);
        QCPGraph *line = chart->graphFor(slot);
        QCPPlottableLegendItem *entry = chart->legend->itemWithPlottable(line);
        QVERIFY(entry);
        QVERIFY(chart->rect().contains(entry->rect()));
        QTest::mouseClick(chart, Qt::LeftButton, {}, entry->rect().center());
        QVERIFY(!line->visible());
        QVERIFY(!chart->satisfiedMarkers(slot)->visible());
        QVERIFY(!chart->switchMarkers(slot)->visible());
        entry = chart->legend->itemWithPlottable(line); // still listed, to bring it back
        QVERIFY(entry);
        QVERIFY(!entry->selected());
        QVERIFY(entry->textColor() != QColor(Qt::black));
        QCOMPARE(entry->textColor().red(), entry->textColor().green()); // grey
        chart->replot(QCustomPlot::rpImmediateRefresh);
        QTest::mouseClick(chart, Qt::LeftButton, {}, entry->rect().center());
        QVERIFY(line->visible());
        QVERIFY(chart->satisfiedMarkers(slot)->visible());
        QCOMPARE(chart->legend->itemWithPlottable(line)->textColor(), QColor(Qt::black));
    }

    // #17.7: at the dock's default size the legend lies outside the plot and
    // shows every entry; labels stay inside the axis rect.
    void theLegendAndLabelsHideNoData()
    {
        for (DayChart *chart : std::initializer_list<DayChart *> {new InsistenceChart, new QuotaChart}) {
            std::unique_ptr<DayChart> owner(chart);
            chart->reset(controller()->scenarioPtr());
            chart->update(controller()->samples(), controller()->events());
            chart->resize(634, 212);
            chart->show();
            QVERIFY(QTest::qWaitForWindowExposed(chart));
            chart->replot(QCustomPlot::rpImmediateRefresh);
            QVERIFY(chart->legend->visible());
            const QRect plot = chart->axisRect()->outerRect();
            const QRect legend = chart->legend->outerRect();
            QVERIFY2(!plot.intersects(legend), "the legend covers the plot");
            int entries = 0;
            for (int i = 0; i < chart->legend->itemCount(); ++i) {
                if (QCPAbstractLegendItem *item = chart->legend->item(i)) {
                    QVERIFY(chart->rect().contains(item->rect()));
                    ++entries;
                }
            }
            QCOMPARE(entries, qobject_cast<QuotaChart *>(chart) ? 6 : 12);
            QCOMPARE(textsOutsideAxisRect(chart), QStringList());
        }
    }

    // #17.7: the point's own tooltip is what a hover shows, not the widget's help.
    void aPointTooltipStays()
    {
        showChartsDock();
        InsistenceChart *chart = charts()->insistence();
        chart->replot(QCustomPlot::rpImmediateRefresh);
        QCPGraph *switches = nullptr;
        for (int c = 0; c < 12 && !switches; ++c)
            if (chart->switchMarkers(c)->dataCount() > 0)
                switches = chart->switchMarkers(c);
        QVERIFY(switches);
        const QPoint at = pixelOf(switches, 0);
        QVERIFY(chart->axisRect()->rect().contains(at));
        const QString text = chart->pointText(at);
        QVERIFY2(text.contains(QLatin1String("overtook")), qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("day 1, ")), qPrintable(text)); // days counted from 1, as the clock does
        QTest::mouseMove(chart, at);
        QHelpEvent help(QEvent::ToolTip, at, chart->mapToGlobal(at));
        QApplication::sendEvent(chart, &help);
        QTRY_VERIFY(QToolTip::isVisible());
        QCOMPARE(QToolTip::text(), text);
        // Away from any point, the chart's help.
        const QPoint away(chart->axisRect()->rect().right() - 3, chart->axisRect()->rect().center().y() - 37);
        if (chart->pointText(away).isEmpty()) {
            QHelpEvent elsewhere(QEvent::ToolTip, away, chart->mapToGlobal(away));
            QApplication::sendEvent(chart, &elsewhere);
            QTRY_VERIFY(QToolTip::text().contains(QLatin1String("Drag to pan")));
        }
        QToolTip::hideText();
    }

    // #17.7: the seed's 56% line is the town's; other scenarios have none.
    void theReferenceLineBelongsToTheTown()
    {
        QVERIFY(charts()->quotas()->hasReference());
        QVERIFY(!charts()->referenceBox()->isHidden());
        for (const QString &name :
             {QStringLiteral("hospital.json"), QStringLiteral("bakery.json"), QStringLiteral("smithy.json")}) {
            const auto scenario = compileShipped(name);
            QVERIFY(scenario);
            QVERIFY2(!chartReferenceFor(*scenario), qPrintable(name));
            const auto run = runHeadless(scenario, 0, 30);
            QuotaChart chart;
            chart.setReference(chartReferenceFor(*scenario));
            chart.reset(scenario);
            chart.update(run->samples(), run->events());
            for (int i = 0; i < chart.itemCount(); ++i)
                if (auto *text = qobject_cast<QCPItemText *>(chart.item(i)))
                    QVERIFY2(!text->text().contains(QLatin1String("56%")), qPrintable(name));
        }
        // A crowd of townspeople is not the seed's town either.
        const ReadResult r = readScenarioFile(kSource + QStringLiteral("/scenarios/town.json"));
        QVERIFY(!chartReferenceFor(compile(goap::testing::replicatedTown(*r.scenario, 12))));
    }

    void csvEqualsTheCommandLine()
    {
        QTemporaryDir dir;
        const QString gui = dir.filePath(QStringLiteral("gui.csv")), cli = dir.filePath(QStringLiteral("cli.csv"));
        QVERIFY(charts()->exportCsv(gui));
        QProcess p;
        p.start(QStringLiteral(GOAP_SIM_BINARY),
                {QStringLiteral("run"), kSource + QStringLiteral("/scenarios/town.json"), QStringLiteral("--samples"),
                 cli});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        QVERIFY(readAll(cli).size() > 10000);
        QCOMPARE(readAll(gui), readAll(cli));
    }

    // #17.8: export at a chosen size and scale with a title, the legend
    // outside and no selection box; PDF as vectors.
    void exportsAtAChosenSize()
    {
        QTemporaryDir dir;
        ChartExportDialog dialog(dir.filePath(QStringLiteral("c.png")), QStringLiteral("Town"));
        dialog.widthBox()->setValue(1000);
        dialog.heightBox()->setValue(500);
        dialog.scaleBox()->setValue(2);
        dialog.titleEdit()->setText(QStringLiteral("The town's insistence"));
        const DayChart::ExportOptions options = dialog.options();
        QCOMPARE(options.size, QSize(1000, 500));
        QCOMPARE(options.scale, 2.0);
        for (DayChart *chart :
             {static_cast<DayChart *>(charts()->insistence()), static_cast<DayChart *>(charts()->quotas()),
              static_cast<DayChart *>(charts()->world())}) {
            const QString png = dir.filePath(QStringLiteral("c.png")), pdf = dir.filePath(QStringLiteral("c.pdf"));
            QVERIFY(chart->exportPng(png, options));
            const QImage image(png);
            QCOMPARE(image.size(), QSize(2000, 1000));
            QCOMPARE(qRound(image.dotsPerMeterX() * 0.0254), 192);
            QSet<QRgb> colours; // not a blank picture: axes, labels and lines
            for (int y = 0; y < image.height(); y += 3)
                for (int x = 0; x < image.width(); x += 3)
                    colours.insert(image.pixel(x, y));
            QVERIFY(colours.size() >= 8);
            // The title is drawn above the chart: dark pixels in the middle of the top band.
            int dark = 0;
            for (int y = 0; y < 50; ++y)
                for (int x = 800; x < 1200; ++x)
                    dark += qGray(image.pixel(x, y)) < 100;
            QVERIFY(dark > 50);
            QVERIFY(chart->exportPdf(pdf, options));
            const QByteArray bytes = readAll(pdf);
            QVERIFY(bytes.startsWith("%PDF"));
            QVERIFY(bytes.size() > 2000);
            QVERIFY(!bytes.contains("/Subtype /Image")); // vectors, not a picture in a PDF
            QVERIFY(bytes.contains("/MediaBox [0 0 750.000000 375.000000]"));
            // The widget is as it was: its own size, its own legend.
            QCOMPARE(chart->viewport().size(), chart->size());
        }
        QVERIFY(charts()->exportChart(dir.filePath(QStringLiteral("panel.png")), options));
        QCOMPARE(QImage(dir.filePath(QStringLiteral("panel.png"))).size(), QSize(2000, 1000));
    }

    // Issue #29, 8: a line far above the others (the designer's build let the
    // hospital's urgency 1000 push insistence to ~26; the simulation now
    // clamps it, the chart must cope anyway) is clipped at the top and
    // flagged with how high it went; the others keep their 0-1 scale, and
    // answer the mouse as before.
    void anOutlierIsFlaggedNotScaledTo()
    {
        const auto compiled = compileShipped(QStringLiteral("town.json"));
        const auto run = runHeadless(compiled, 0, 200);
        sim::Samples samples = run->samples();
        const int mineQuota = compiled->goalIndex(QStringLiteral("mineQuota"));
        for (size_t c = 0; c < samples.columns(); ++c)
            if (samples.slotAgent[c] == 0 && samples.slotGoal[c] == mineQuota)
                for (size_t r = 0; r < samples.rows(); ++r)
                    samples.insistence[r * samples.columns() + c] *= 100; // the miner's quota, off the scale
        InsistenceChart chart;
        chart.resize(1000, 450);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        chart.reset(compiled);
        chart.update(samples, run->events());
        chart.replot(QCustomPlot::rpImmediateRefresh);
        QCPGraph *miner = nullptr;
        for (int slot = 0; slot < 12 && !miner; ++slot)
            if (QCPGraph *g = chart.graphFor(slot); g && g->name().startsWith(u"Miner: Mine"))
                miner = g;
        QVERIFY(miner);
        double high = 0;
        for (int i = 0; i < miner->dataCount(); ++i)
            high = std::max(high, miner->data()->at(i)->value);
        QVERIFY2(high > 10, qPrintable(QString::number(high)));
        QVERIFY2(chart.yAxis->range().upper < 1.5, qPrintable(QString::number(chart.yAxis->range().upper)));
        const QList<QCPItemText *> flags = chart.outlierFlags();
        QCOMPARE(flags.size(), 1);
        QVERIFY2(flags.first()->text().contains(miner->name()) && flags.first()->text().contains(u"▲"),
                 qPrintable(flags.first()->text()));
        QVERIFY2(flags.first()->text().contains(QString::number(high, 'g', 3)), qPrintable(flags.first()->text()));
        // Another line keeps its height: its highest point stands well up the
        // plot, and the mouse there tells its value.
        QCPGraph *smelter = nullptr;
        for (int slot = 0; slot < 12 && !smelter; ++slot)
            if (QCPGraph *g = chart.graphFor(slot); g && g->name().startsWith(u"Smelter: Hunger"))
                smelter = g;
        QVERIFY(smelter);
        int index = 0;
        for (int i = 0; i < smelter->dataCount(); ++i)
            if (smelter->data()->at(i)->value > smelter->data()->at(index)->value)
                index = i;
        QVERIFY(smelter->data()->at(index)->value > 0.5);
        const QPoint at = pixelOf(smelter, index);
        const QRect plot = chart.axisRect()->rect();
        QVERIFY(plot.contains(at));
        QVERIFY2(plot.bottom() - at.y() > plot.height() / 3, qPrintable(QString::number(plot.bottom() - at.y())));
        QTest::mouseMove(&chart, at);
        QHelpEvent help(QEvent::ToolTip, at, chart.mapToGlobal(at));
        QApplication::sendEvent(&chart, &help);
        QTRY_VERIFY(QToolTip::isVisible());
        QVERIFY(!chart.pointText(at).isEmpty());
        QCOMPARE(QToolTip::text(), chart.pointText(at));
        QToolTip::hideText();
        // A click on the miner's legend entry hides its line: its flag goes with it.
        QCPAbstractLegendItem *entry = chart.legend->itemWithPlottable(miner);
        QVERIFY(entry);
        QTest::mouseClick(&chart, Qt::LeftButton, {}, entry->rect().center());
        QVERIFY(!miner->visible());
        QVERIFY(chart.outlierFlags().isEmpty());
        QVERIFY(chart.yAxis->range().upper < 1.5);
    }

    // Issue #29, 8: a run kept running for days names its time axis by day and
    // clock ("day 3 2:30"), not 6.5·10^6 s; zoomed in by the wheel, still so.
    void aLongRunsTimeAxisNamesDaysAndTimes()
    {
        const auto town = compileShipped(QStringLiteral("town.json"));
        const auto run = runHeadless(town, 3, 150); // half way into the fourth day
        InsistenceChart chart;
        chart.resize(1000, 450);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        chart.reset(town);
        chart.update(run->samples(), run->events());
        chart.replot(QCustomPlot::rpImmediateRefresh);
        const QRegularExpression dayTime(QStringLiteral("^day \\d+( \\d+:\\d\\d(\\.\\d)?)?$"));
        auto checkLabels = [&] {
            const QList<QString> labels = chart.xAxis->tickVectorLabels();
            QVERIFY(labels.size() >= 3);
            for (const QString &label : labels)
                QVERIFY2(dayTime.match(label).hasMatch(), qPrintable(labels.join(u'|')));
        };
        checkLabels();
        QVERIFY(chart.xAxis->tickVectorLabels().contains(QStringLiteral("day 4")));
        QVERIFY2(chart.xAxis->label().contains(u"day"), qPrintable(chart.xAxis->label()));
        // Zoomed in around the middle of the fourth day: clock steps within it.
        const QPoint middle(int(chart.xAxis->coordToPixel(3 * 300 + 100)), chart.axisRect()->center().y());
        for (int i = 0; i < 12; ++i) {
            QWheelEvent wheel(middle, chart.mapToGlobal(middle), QPoint(), QPoint(0, 120), Qt::NoButton, Qt::NoModifier,
                              Qt::NoScrollPhase, false);
            QApplication::sendEvent(&chart, &wheel);
        }
        chart.replot(QCustomPlot::rpImmediateRefresh);
        QVERIFY(chart.xAxis->range().size() < 300);
        checkLabels();
        QVERIFY2(chart.xAxis->tickVectorLabels().join(u'|').contains(u"day 4 1:"),
                 qPrintable(chart.xAxis->tickVectorLabels().join(u'|')));
        QCOMPARE(dayTimeText(3 * 3600 + 14 * 60, 3600), QStringLiteral("day 4 14:00"));
        // The first day alone keeps plain seconds.
        chart.xAxis->setRange(0, 300);
        chart.replot(QCustomPlot::rpImmediateRefresh);
        QVERIFY(chart.xAxis->tickVectorLabels().contains(QStringLiteral("100")));
    }

    // Issue #29, 8: an exported chart keeps its legend (and everything else)
    // off the picture's edge, wherever the legend goes.
    void anExportKeepsOffTheEdge()
    {
        QTemporaryDir dir;
        InsistenceChart *chart = charts()->insistence();
        for (const auto place : {DayChart::LegendPlace::Right, DayChart::LegendPlace::Bottom}) {
            chart->setLegendPlace(place);
            DayChart::ExportOptions options;
            options.size = QSize(1000, 500);
            options.scale = 1;
            const QString png = dir.filePath(QStringLiteral("edge.png"));
            QVERIFY(chart->exportPng(png, options));
            const QImage image(png);
            QCOMPARE(image.size(), QSize(1000, 500));
            const int m = DayChart::kExportMargin - 2;
            auto blank = [&](const QRect &strip) {
                for (int y = strip.top(); y <= strip.bottom(); ++y)
                    for (int x = strip.left(); x <= strip.right(); ++x)
                        if (image.pixel(x, y) != qRgb(255, 255, 255))
                            return false;
                return true;
            };
            QVERIFY(blank(QRect(0, 0, 1000, m))); // top
            QVERIFY(blank(QRect(0, 500 - m, 1000, m))); // bottom
            QVERIFY(blank(QRect(0, 0, m, 500))); // left
            QVERIFY(blank(QRect(1000 - m, 0, m, 500))); // right
        }
        chart->setLegendPlace(DayChart::LegendPlace::Auto);
    }

    void choosingCharactersAndGoals()
    {
        QListWidget *agents = charts()->characterList();
        QCOMPARE(agents->count(), 6);
        agents->item(0)->setCheckState(Qt::Unchecked); // the miner
        QVERIFY(!charts()->insistence()->graphFor(0));
        QVERIFY(!charts()->insistence()->graphFor(1));
        QVERIFY(charts()->insistence()->graphFor(2)->visible());
        QVERIFY(!charts()->quotas()->graphFor(0));
        agents->item(0)->setCheckState(Qt::Checked);
        QCOMPARE(charts()->insistence()->graphFor(0)->dataCount(), 301); // back, with its history
        QCOMPARE(charts()->insistence()->graphFor(0)->name(), QStringLiteral("Miner: Mine ore"));
        QListWidget *goals = charts()->goalList();
        goals->item(0)->setCheckState(Qt::Unchecked); // hunger
        QVERIFY(!charts()->insistence()->graphFor(1)->visible());
        QVERIFY(!charts()->insistence()->legend->itemWithPlottable(charts()->insistence()->graphFor(1)));
        QVERIFY(charts()->insistence()->graphFor(0)->visible());
        goals->item(0)->setCheckState(Qt::Checked);
        QVERIFY(charts()->insistence()->graphFor(1)->visible());
    }

    // #17 Also: the hospital's charts show its queue, its free places and who came and left.
    void theHospitalChartsItsQueueAndPlaces()
    {
        const auto hospital = compileShipped(QStringLiteral("hospital.json"));
        const auto run = runHeadless(hospital, 0, 600);
        WorldChart chart;
        chart.reset(hospital);
        chart.update(run->samples(), run->events());
        QCPGraph *queue = chart.factGraph(QStringLiteral("world.queue.waiting"));
        QCPGraph *free = chart.factGraph(QStringLiteral("world.free.cubicle"));
        QVERIFY(queue && free);
        QCOMPARE(queue->dataCount(), int(run->samples().rows()));
        double most = 0;
        for (int i = 0; i < queue->dataCount(); ++i)
            most = std::max(most, queue->data()->at(i)->value);
        QVERIFY(most >= 1);
        QCOMPARE(free->data()->at(0)->value, 3.0); // three cubicles at dawn
        QVERIFY(chart.presentGraph() && chart.leftGraph());
        int left = 0;
        for (const sim::Event &e : run->events().events)
            left += e.kind == sim::EventKind::Left;
        QVERIFY(left > 10);
        QCOMPARE(int(chart.leftGraph()->data()->at(chart.leftGraph()->dataCount() - 1)->value), left);
        QCOMPARE(chart.leftGraph()->valueAxis(), chart.yAxis2);
    }

    // #17 Also: days are counted from 1 in everything a person reads (the
    // clock's "Day 1"), while the files keep SPEC's 0-based index.
    void daysCountFromOneInLabelsAndTooltips()
    {
        const auto town = compileShipped(QStringLiteral("town.json"));
        const auto run = runHeadless(town, 1, 200); // into the second day
        InsistenceChart chart;
        chart.reset(town);
        chart.update(run->samples(), run->events());
        QStringList labels;
        for (int i = 0; i < chart.itemCount(); ++i)
            if (auto *text = qobject_cast<QCPItemText *>(chart.item(i)))
                labels << text->text();
        QVERIFY(labels.contains(QStringLiteral("day 2")));
        QVERIFY(!labels.contains(QStringLiteral("day 1"))); // the first dawn has no boundary
        chart.resize(900, 400);
        chart.replot(QCustomPlot::rpImmediateRefresh);
        int secondDay = 0;
        for (int slot = 0; slot < 12; ++slot) {
            QCPGraph *markers = chart.satisfiedMarkers(slot);
            for (int i = 0; i < markers->dataCount(); ++i) {
                const auto point = markers->data()->at(i);
                const QPoint at = pixelOf(markers, i);
                if (point->key < 300 || !chart.axisRect()->rect().contains(at))
                    continue;
                const QString text = chart.pointText(at);
                QVERIFY2(text.contains(QLatin1String(", day 2, ")), qPrintable(text));
                ++secondDay;
            }
        }
        QVERIFY(secondDay > 0);
        QCOMPARE(momentText(0, 135.94), QStringLiteral("day 1, 135.9 s"));
        // The CSV keeps the 0-based index of SPEC's records.
        QVERIFY(sim::samplesCsv(*town, run->samples()).contains("\n1,"));
    }

    void aFinishedRunStaysAndANewOneClears()
    {
        m_window->liveRun()->stop();
        QCOMPARE(charts()->insistence()->graphFor(0)->dataCount(), 301); // still browsable
        QTemporaryDir dir;
        QVERIFY(charts()->exportCsv(dir.filePath(QStringLiteral("after.csv")))); // and exportable
        QCOMPARE(readAll(dir.filePath(QStringLiteral("after.csv"))).count('\n'), 1 + 301 * 12);
        // Other characters can still be chosen: their history comes from the kept records.
        charts()->characterList()->item(0)->setCheckState(Qt::Unchecked);
        charts()->characterList()->item(0)->setCheckState(Qt::Checked);
        QCOMPARE(charts()->insistence()->graphFor(0)->dataCount(), 301);
        QVERIFY(m_window->liveRun()->play());
        QTRY_VERIFY(charts()->insistence()->rowsShown() < 301); // a new run starts over
        m_window->liveRun()->pause();
    }

    // goap-plot draws without a display: QT_QPA_PLATFORM offscreen is its own choice.
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
        p.start(QStringLiteral(GOAP_PLOT_BINARY),
                {kSource + QStringLiteral("/scenarios/town.json"), QStringLiteral("--output"), png});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        const QImage image(png);
        QCOMPARE(image.size(), QSize(1400, 1000));
        QVERIFY(p.readAllStandardOutput().contains("Town, day 1"));
    }

    // #17.8: goap-plot at a chosen size and scale, and as a vector PDF.
    void plotAtAChosenSize()
    {
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("town.png")), pdf = dir.filePath(QStringLiteral("town.pdf"));
        QProcess p;
        p.start(QStringLiteral(GOAP_PLOT_BINARY),
                {kSource + QStringLiteral("/scenarios/town.json"), QStringLiteral("--output"), png,
                 QStringLiteral("--size"), QStringLiteral("800x600"), QStringLiteral("--scale"), QStringLiteral("2")});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        QCOMPARE(QImage(png).size(), QSize(1600, 1200));
        p.start(QStringLiteral(GOAP_PLOT_BINARY),
                {kSource + QStringLiteral("/scenarios/hospital.json"), QStringLiteral("--output"), pdf,
                 QStringLiteral("--size"), QStringLiteral("1200x800")});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        const QByteArray bytes = readAll(pdf);
        QVERIFY(bytes.startsWith("%PDF"));
        QVERIFY(!bytes.contains("/Subtype /Image"));
        QVERIFY(bytes.contains("/MediaBox [0 0 900.000000 600.000000]"));
    }

    void plotUsageErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        const QString town = kSource + QStringLiteral("/scenarios/town.json");
        QTest::newRow("bad size") << QStringList {town, "--output", "x.png", "--size", "big"}
                                  << "--size takes WIDTHxHEIGHT";
        QTest::newRow("too small") << QStringList {town, "--output", "x.png", "--size", "63x100"}
                                   << "--size takes WIDTHxHEIGHT";
        QTest::newRow("bad scale") << QStringList {town, "--output", "x.png", "--scale", "9"}
                                   << "--scale takes a number";
        QTest::newRow("no output") << QStringList {town} << "needs --output";
        QTest::newRow("no file") << QStringList {"--output", "x.png"} << "takes one scenario file";
        QTest::newRow("old option") << QStringList {town, "--output", "x.png", "--plot-size", "800x600"}
                                    << "unknown option '--plot-size'";
        QTest::newRow("bad days") << QStringList {town, "--output", "x.png", "--days", "0"}
                                  << "--days takes a whole number";
        QTest::newRow("too many days to draw") << QStringList {town, "--output", "x.png", "--days", "31"}
                                               << "a plot draws at most 30 days side by side, and --days is 31";
        QTest::newRow("output is the scenario")
            << QStringList {town, "--output", town} << "--output " + town + " would overwrite the scenario file";
    }

    void plotUsageErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        QTemporaryDir dir;
        QProcess p;
        p.setWorkingDirectory(dir.path());
        p.start(QStringLiteral(GOAP_PLOT_BINARY), args);
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 1); // a usage error
        const QString err = QString::fromLocal8Bit(p.readAllStandardError());
        QVERIFY2(err.contains(QStringLiteral("goap-plot: ")) && err.contains(message), qPrintable(err));
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("x.png"))));
    }

    // The title is the scenario's (with the days) unless --title gives one; the
    // same run's records come out with the picture, equal to goap-sim run's.
    void plotTitleDaysAndRecords()
    {
        QTemporaryDir dir;
        const QString town = kSource + QStringLiteral("/scenarios/town.json");
        const auto plot = [&](const QString &name, const QStringList &more) {
            QProcess p;
            p.start(QStringLiteral(GOAP_PLOT_BINARY),
                    QStringList {town, QStringLiteral("--output"), dir.filePath(name), QStringLiteral("--size"),
                                 QStringLiteral("400x300")}
                        + more);
            return p.waitForFinished(60000) && p.exitCode() == 0 ? QImage(dir.filePath(name)) : QImage();
        };
        const QImage titled = plot(QStringLiteral("a.png"), {});
        const QImage same = plot(QStringLiteral("b.png"), {QStringLiteral("--title"), QStringLiteral("Town")});
        const QImage other
            = plot(QStringLiteral("c.png"), {QStringLiteral("--title"), QStringLiteral("Something else")});
        const QImage untitled = plot(QStringLiteral("d.png"), {QStringLiteral("--title"), QString()});
        QVERIFY(!titled.isNull() && !other.isNull() && !untitled.isNull());
        QCOMPARE(same, titled); // the default title is the scenario's name
        QVERIFY(other != titled);
        QVERIFY(untitled != titled);
        // Two days: the title says so, and the records are goap-sim run's.
        const QImage twoDays = plot(QStringLiteral("e.png"),
                                    {QStringLiteral("--days"), QStringLiteral("2"), QStringLiteral("--events"),
                                     dir.filePath(QStringLiteral("plot.jsonl")), QStringLiteral("--report"),
                                     dir.filePath(QStringLiteral("plot.json"))});
        QVERIFY(!twoDays.isNull());
        QCOMPARE(plot(QStringLiteral("f.png"),
                      {QStringLiteral("--days"), QStringLiteral("2"), QStringLiteral("--title"),
                       QStringLiteral("Town, 2 days")}),
                 twoDays);
        QProcess p;
        p.start(QStringLiteral(GOAP_SIM_BINARY),
                {QStringLiteral("run"), town, QStringLiteral("--days"), QStringLiteral("2"), QStringLiteral("--events"),
                 dir.filePath(QStringLiteral("sim.jsonl")), QStringLiteral("--report"),
                 dir.filePath(QStringLiteral("sim.json"))});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        QVERIFY(readAll(dir.filePath(QStringLiteral("sim.jsonl"))).size() > 1000);
        QCOMPARE(readAll(dir.filePath(QStringLiteral("plot.jsonl"))),
                 readAll(dir.filePath(QStringLiteral("sim.jsonl"))));
        QCOMPARE(readAll(dir.filePath(QStringLiteral("plot.json"))), readAll(dir.filePath(QStringLiteral("sim.json"))));
    }

    // "-": the picture on standard output, the day summary on standard error.
    void plotToStandardOutput()
    {
        QProcess p;
        p.start(QStringLiteral(GOAP_PLOT_BINARY),
                {kSource + QStringLiteral("/scenarios/town.json"), QStringLiteral("--output"), QStringLiteral("-"),
                 QStringLiteral("--size"), QStringLiteral("300x200")});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        const QByteArray png = p.readAllStandardOutput();
        QVERIFY(png.startsWith("\x89PNG\r\n\x1a\n"));
        QCOMPARE(QImage::fromData(png, "PNG").size(), QSize(300, 200));
        QVERIFY(p.readAllStandardError().contains("Town, day 1"));
    }

    // goap-sim run --plot still works where goap-plot is installed next to it
    // (the build's bin/, /usr/bin): it hands the run over, options translated,
    // and the picture is goap-plot's to the byte.
    void goapSimPlotHandsOverToGoapPlot()
    {
        QTemporaryDir dir;
        const QString town = kSource + QStringLiteral("/scenarios/town.json");
        const QString viaSim = dir.filePath(QStringLiteral("sim.png")),
                      direct = dir.filePath(QStringLiteral("plot.png"));
        QProcess p;
        p.start(QStringLiteral(GOAP_SIM_BINARY),
                {QStringLiteral("run"), town, QStringLiteral("--plot"), viaSim, QStringLiteral("--plot-size"),
                 QStringLiteral("500x400"), QStringLiteral("--plot-scale"), QStringLiteral("1.5"),
                 QStringLiteral("--days"), QStringLiteral("2"), QStringLiteral("--samples"),
                 dir.filePath(QStringLiteral("s.csv"))});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        QVERIFY(p.readAllStandardOutput().contains("Town, day 2"));
        QVERIFY(readAll(dir.filePath(QStringLiteral("s.csv"))).size() > 10000);
        p.start(QStringLiteral(GOAP_PLOT_BINARY),
                {town, QStringLiteral("--output"), direct, QStringLiteral("--size"), QStringLiteral("500x400"),
                 QStringLiteral("--scale"), QStringLiteral("1.5"), QStringLiteral("--days"), QStringLiteral("2")});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        QCOMPARE(QImage(viaSim).size(), QSize(750, 600));
        QCOMPARE(readAll(viaSim), readAll(direct));
        // goap-plot's own checks, under goap-plot's name.
        p.start(QStringLiteral(GOAP_SIM_BINARY),
                {QStringLiteral("run"), town, QStringLiteral("--plot"), viaSim, QStringLiteral("--plot-size"),
                 QStringLiteral("big")});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 1); // a usage error
        const QByteArray err = p.readAllStandardError(); // after Qt's warnings, if any
        QVERIFY2(err.contains("goap-plot: --size takes WIDTHxHEIGHT"), err.constData());
    }
    // Issue #29, 4: a baseline belongs to its document. The town's pinned
    // run used to stay when the hospital was opened, and Compare set the
    // town's carpenter and baker beside the hospital's nurses.
    void aBaselineStaysWithItsDocument()
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        w.setSavePrompt([] { return QMessageBox::Discard; });
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/town.json")));
        ChartsPanel *panel = w.liveRun()->charts();
        QVERIFY(w.liveRun()->runFor(120));
        QTRY_VERIFY(!w.liveRun()->controller()->report().isEmpty());
        QTest::mouseClick(panel->pinButton(), Qt::LeftButton);
        QVERIFY(panel->hasBaseline());
        QVERIFY(panel->compareTable()->rowCount() > 0);

        // Another document: no baseline, nothing of the town compared with its runs.
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/hospital.json")));
        QVERIFY(!panel->hasBaseline());
        QCOMPARE(panel->compareTable()->rowCount(), 0);
        QVERIFY(w.liveRun()->runFor(120));
        QTRY_VERIFY(!w.liveRun()->controller()->report().isEmpty());
        QCOMPARE(panel->compareTable()->rowCount(), 0);
        QVERIFY(panel->insistence()->baselineLines().empty());

        // The hospital's own run pinned: its nurses, no baker; then File > New
        // by its shortcut, and that baseline goes too.
        QTest::mouseClick(panel->pinButton(), Qt::LeftButton);
        QVERIFY(panel->hasBaseline());
        QVERIFY(panel->compareTable()->rowCount() > 0);
        for (int r = 0; r < panel->compareTable()->rowCount(); ++r)
            QVERIFY2(panel->compareTable()->item(r, 0)->text() != u"baker",
                     qPrintable(panel->compareTable()->item(r, 0)->text()));
        QTest::keyClick(&w, Qt::Key_N, Qt::ControlModifier);
        QVERIFY(w.fileName().isEmpty());
        QVERIFY(!panel->hasBaseline());
        QCOMPARE(panel->compareTable()->rowCount(), 0);
    }
    // Issue #29, 2: the chart export's Browse... takes the format of the
    // filter chosen: a bare name with the PDF filter is a .pdf (it was a .png).
    void chartBrowseTakesTheChosenFiltersFormat()
    {
        QTemporaryDir dir;
        ChartExportDialog dialog(dir.filePath(QStringLiteral("c.png")), QStringLiteral("Town"));
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QPushButton *browse = nullptr;
        for (QPushButton *b : dialog.findChildren<QPushButton *>())
            if (b->text() == u"Browse...")
                browse = b;
        QVERIFY(browse);
        std::unique_ptr<QTimer> answer(
            goap::testing::answerSaveDialog(dir.filePath(QStringLiteral("figure")), QStringLiteral("PDF")));
        QTest::mouseClick(browse, Qt::LeftButton);
        QCOMPARE(dialog.fileName(), dir.filePath(QStringLiteral("figure.pdf")));
        QVERIFY(dialog.isPdf());
    }
};

QTEST_MAIN(TestCharts)
#include "test_charts.moc"
