// Charts benchmark (a measuring program, not a test): a synthetic town runs
// headless and its records reach the three charts in frames of one simulated
// second, as the Charts dock receives them; each frame appends to every chart
// and redraws the one shown (634 x 212, the dock's default size, offscreen).
//   bench_charts CHARACTERS SECONDS [--no-charts | --png PREFIX]
// Prints the cost per frame (early frames against late ones: nothing may
// grow with the history) and the peak memory; --no-charts feeds the same
// records to nothing, so the difference of the two peaks is the charts'.
// --png writes PREFIX-insistence.png and PREFIX-quotas.png (1200 x 500) to look at.
#include "charts/daycharts.h"
#include "scenarios.h"
#include "sim/simulation.h"
#include "synthetic.h"
#include "testutil.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>

#include <cstdio>

using namespace goap;
using namespace goap::editor;

namespace {

// Appends the rows and events the simulation gained since the last call, as SimController does with frames.
void appendNew(const sim::Simulation &s, sim::Samples &samples, sim::EventLog &events)
{
    const sim::Samples &from = s.samples();
    const size_t r0 = samples.rows(), c = from.columns(), w = size_t(from.worldColumns);
    samples.rowDay.insert(samples.rowDay.end(), from.rowDay.begin() + qsizetype(r0), from.rowDay.end());
    samples.rowTime.insert(samples.rowTime.end(), from.rowTime.begin() + qsizetype(r0), from.rowTime.end());
    samples.insistence.insert(samples.insistence.end(), from.insistence.begin() + qsizetype(r0 * c),
                              from.insistence.end());
    samples.progress.insert(samples.progress.end(), from.progress.begin() + qsizetype(r0 * c), from.progress.end());
    samples.world.insert(samples.world.end(), from.world.begin() + qsizetype(r0 * w), from.world.end());
    events.events.insert(events.events.end(), s.events().events.begin() + qsizetype(events.events.size()),
                         s.events().events.end());
    events.planActions = s.events().planActions; // only Plan texts read these; cheap next to the samples
}

} // namespace

int main(int argc, char *argv[])
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const int characters = argc > 1 ? std::atoi(argv[1]) : 1000;
    const double seconds = argc > 2 ? std::atof(argv[2]) : 300;
    const bool charts = !(argc > 3 && QByteArray(argv[3]) == "--no-charts");
    const Scenario town = testing::loadShipped("town.json");
    const auto scenario = std::make_shared<const CompiledScenario>(
        compile(characters == 6 ? town : testing::replicatedTown(town, characters)));
    sim::Options options;
    options.recordSamples = true;
    sim::Simulation simulation(scenario, options);
    sim::Samples samples;
    samples.interval = 1;
    samples.slotAgent = simulation.samples().slotAgent;
    samples.slotGoal = simulation.samples().slotGoal;
    samples.worldColumns = scenario->worldFactCount;
    sim::EventLog events;

    InsistenceChart insistence;
    QuotaChart quotas;
    WorldChart world;
    const std::initializer_list<DayChart *> all {&insistence, &quotas, &world};
    if (charts) {
        for (DayChart *chart : all)
            chart->reset(scenario);
        insistence.resize(634, 212);
        insistence.show();
    }
    std::vector<double> updateMs, drawMs;
    QElapsedTimer t;
    for (int frame = 1; frame <= int(seconds); ++frame) {
        simulation.runUntil(0, frame);
        appendNew(simulation, samples, events);
        if (!charts)
            continue;
        t.start();
        for (DayChart *chart : all)
            chart->update(samples, events);
        updateMs.push_back(double(t.nsecsElapsed()) / 1e6);
        t.start();
        insistence.replot(QCustomPlot::rpImmediateRefresh);
        drawMs.push_back(double(t.nsecsElapsed()) / 1e6);
    }
    std::printf("%d characters, %d frames of 1 simulated s, %s\n", characters, int(seconds),
                charts ? "charts" : "no charts");
    if (charts) {
        auto stats = [](const std::vector<double> &v, size_t from, size_t to) {
            double sum = 0, most = 0;
            for (size_t i = from; i < to; ++i) {
                sum += v[i];
                most = std::max(most, v[i]);
            }
            return std::make_pair(sum / double(to - from), most);
        };
        const size_t n = updateMs.size(), tenth = std::max<size_t>(1, n / 10);
        for (auto [name, v] :
             {std::make_pair("append (3 charts)", &updateMs), std::make_pair("redraw (insistence)", &drawMs)}) {
            const auto early = stats(*v, 1, tenth + 1), late = stats(*v, n - tenth, n);
            std::printf("  %-20s first 10%%: %.2f ms mean, %.2f ms max | last 10%%: %.2f ms mean, %.2f ms max\n", name,
                        early.first, early.second, late.first, late.second);
        }
        std::printf("  graphs: insistence %d, quotas %d, world %d; points in the insistence chart: %lld\n",
                    insistence.graphCount(), quotas.graphCount(), world.graphCount(), [&] {
                        long long points = 0;
                        for (int i = 0; i < insistence.graphCount(); ++i)
                            points += insistence.graph(i)->dataCount();
                        return points;
                    }());
    }
    std::printf("  peak memory: %.1f MiB\n", double(goap::testing::procStatusKiB("VmHWM")) / 1024.0);
    if (argc > 4 && QByteArray(argv[3]) == "--png") {
        DayChart::ExportOptions o;
        o.size = QSize(1200, 500);
        o.title = QStringLiteral("%1 characters").arg(characters);
        insistence.exportPng(QString::fromLocal8Bit(argv[4]) + QStringLiteral("-insistence.png"), o);
        quotas.exportPng(QString::fromLocal8Bit(argv[4]) + QStringLiteral("-quotas.png"), o);
    }
    return 0;
}
