#include "runrecords.h"

#include "records/recordfile.h"
#include "sim/records.h"
#include "sim/simulation.h"

#include <algorithm>
#include <array>

namespace goap::records {

using namespace goap::tool;

namespace {

void printDaySummary(const Scenario &scenario, const CompiledScenario &c, const sim::DayReport &day, std::FILE *out)
{
    println(out, QStringLiteral("%1, day %2 (%3 s)").arg(scenario.name).arg(day.day + 1).arg(c.day.length));
    if (day.agents.size() > c.agents.size()) // spawned copies: one line, not one each
        println(
            out,
            QStringLiteral("  %1 spawned character(s) came during the day").arg(day.agents.size() - c.agents.size()));
    for (size_t i = 0; i < c.agents.size(); ++i) {
        const sim::AgentReport &r = day.agents[i];
        QStringList quotas, needs;
        for (const sim::GoalReport &g : r.goals) {
            const QString &label = c.goalLabels[size_t(g.goal)];
            if (c.goals[size_t(g.goal)].kind == GoalKind::Quota)
                quotas << (g.metAt ? QStringLiteral("%1 met at %2%").arg(label).arg(qRound(*g.metAt * 100))
                                   : QStringLiteral("%1 not met").arg(label));
            else
                needs << QStringLiteral("%1 x%2").arg(label).arg(g.satisfied);
        }
        println(out,
                QStringLiteral("  %1  quotas: %2 | needs: %3 | waiting %4 s, resting %5 s | %6 plans, %7 re-check "
                               "failures, %8 switches")
                    .arg(c.agentLabels[i], -12)
                    .arg(quotas.isEmpty() ? QStringLiteral("none") : quotas.join(QStringLiteral(", ")),
                         needs.isEmpty() ? QStringLiteral("none") : needs.join(QStringLiteral(", ")))
                    .arg(sim::phaseSeconds(c, r, sim::Phase::Waiting), 0, 'f', 1)
                    .arg(sim::phaseSeconds(c, r, sim::Phase::Resting), 0, 'f', 1)
                    .arg(r.plans)
                    .arg(r.recheckFailures)
                    .arg(r.goalSwitches));
    }
}

// The records of one run, streamed as the simulation goes: a day's report
// when the day ends, events and samples as they are drained, so memory stays
// flat however many days run (the plot alone needs the whole run).
class RunRecords
{
public:
    // `plotWriter` draws the "plot" record, named by the option `plotOption` (goap-plot's --output).
    RunRecords(const Scenario &scenario, std::shared_ptr<const CompiledScenario> compiled, const Streams &io,
               PlotRequest plotRequest, PlotWriter plotWriter, const QString &plotOption)
        : m_scenario(scenario)
        , m_c(std::move(compiled))
        , m_io(io)
        , m_plotRequest(std::move(plotRequest))
        , m_plotWriter(plotWriter)
        , m_plotOption(plotOption)
    {
    }

    // Opens every output before anything is simulated; on failure nothing is written.
    int open(const Options &o, const QString &scenarioFile)
    {
        static const char *const kinds[] = {"report", "events", "samples", "plot"};
        QList<std::pair<QString, QString>> outputs;
        for (const char *kind : kinds)
            if (const QString key = QLatin1String(kind); o.values.contains(key))
                outputs.append({optionName(key), o.values.value(key)});
        if (const QString clash = outputsClash(scenarioFile, outputs); !clash.isEmpty())
            return usageError(m_io, clash);
        for (const char *kind : kinds) {
            const QString k = QLatin1String(kind);
            if (!o.values.contains(k))
                continue;
            RecordFile &f = file(k);
            if (!f.open(o.values.value(k), m_io.out)) {
                println(m_io.err, signature(m_io) + f.error());
                cancelAll();
                return IoError;
            }
            if (f.toStandardOutput()) {
                if (m_summary == m_io.err) { // e.g. "-" and /dev/stdout: they would interleave
                    cancelAll();
                    return usageError(m_io, QStringLiteral("only one record can go to standard output"));
                }
                m_summary = m_io.err;
            }
        }
        if (m_report.isOpen())
            m_report.write(sim::reportHead(*m_c, m_scenario.name));
        if (m_samples.isOpen())
            m_samples.write(sim::samplesCsvHeader());
        return Success;
    }

    bool plot() const { return m_plot.isOpen(); }
    bool failed()
    {
        const auto all = files();
        return std::any_of(all.begin(), all.end(), [](const RecordFile *f) { return f->failed(); });
    }
    bool keepsEverything() const { return plot(); }
    bool needsSamples() const { return m_samples.isOpen() || plot(); }
    bool needsEvents() const { return m_events.isOpen() || plot(); }

    // Writes what the simulation recorded since the last drain.
    void drain(sim::Simulation &simulation, bool finished)
    {
        if (!keepsEverything()) {
            simulation.takeEvents(m_eventBatch);
            if (m_events.isOpen()) {
                m_buffer.clear();
                for (const sim::Event &e : m_eventBatch.events) {
                    m_buffer += sim::eventLine(*m_c, m_eventBatch, e);
                    m_buffer += '\n';
                }
                m_events.write(m_buffer);
            }
            simulation.takeSamples(m_sampleBatch);
            if (m_samples.isOpen())
                m_samples.write(sim::samplesCsvRows(*m_c, m_sampleBatch));
        }
        std::vector<sim::DayReport> days = simulation.takeFinishedReports();
        if (finished)
            days.push_back(simulation.reports().back());
        for (const sim::DayReport &day : days) {
            if (m_report.isOpen()) {
                if (m_daysWritten > 0)
                    m_report.write(",\n");
                m_report.write(sim::reportDay(*m_c, day));
            }
            ++m_daysWritten;
            printDaySummary(m_scenario, *m_c, day, m_summary);
        }
    }

    // Finishes every record: the whole run's events and samples when it kept
    // them (for the plot), then the plot, then every file is flushed or
    // committed; when one fails, the files not yet committed are discarded.
    int finish(sim::Simulation &simulation, int days)
    {
        if (keepsEverything()) {
            if (m_events.isOpen())
                m_events.write(sim::eventsJsonl(*m_c, simulation.events()));
            if (m_samples.isOpen())
                m_samples.write(sim::samplesCsvRows(*m_c, simulation.samples()));
            if (m_plotRequest.defaultTitle)
                m_plotRequest.title
                    = days == 1 ? m_scenario.name : QStringLiteral("%1, %2 days").arg(m_scenario.name).arg(days);
            const QString error
                = m_plotWriter(m_c, simulation.samples(), simulation.events(), m_plotRequest, m_plot.device());
            if (!error.isEmpty()) {
                println(m_io.err, signature(m_io) + QStringLiteral("cannot write %1: %2").arg(m_plot.name(), error));
                cancelAll();
                return IoError;
            }
        }
        if (m_report.isOpen())
            m_report.write(sim::reportTail());
        // In place first (already written, only flushed), then the atomic ones.
        for (RecordFile *f : files()) {
            if (f->isOpen() && f->inPlace() && !f->commit()) {
                println(m_io.err, signature(m_io) + f->error());
                cancelAll();
                return IoError;
            }
        }
        for (RecordFile *f : files()) {
            if (f->isOpen() && !f->commit()) {
                println(m_io.err, signature(m_io) + f->error());
                cancelAll();
                return IoError;
            }
        }
        return Success;
    }

private:
    QString optionName(const QString &kind) const { return kind == u"plot" ? m_plotOption : kind; }
    RecordFile &file(const QString &kind)
    {
        return kind == u"report" ? m_report : kind == u"events" ? m_events : kind == u"samples" ? m_samples : m_plot;
    }
    std::array<RecordFile *, 4> files() { return {&m_report, &m_events, &m_samples, &m_plot}; }
    void cancelAll()
    {
        for (RecordFile *f : files())
            f->cancel();
    }

    const Scenario &m_scenario;
    std::shared_ptr<const CompiledScenario> m_c;
    const Streams &m_io;
    PlotRequest m_plotRequest;
    PlotWriter m_plotWriter = nullptr;
    QString m_plotOption;
    std::FILE *m_summary = m_io.out;
    RecordFile m_report, m_events, m_samples, m_plot;
    sim::EventLog m_eventBatch;
    sim::Samples m_sampleBatch;
    QByteArray m_buffer;
    int m_daysWritten = 0;
};

} // namespace

QString plotDaysError(int days)
{
    if (days <= kMaxPlotDays)
        return {};
    return QStringLiteral("a plot draws at most %1 days side by side, and --days is %2: plot fewer days (goap-sim "
                          "run without --plot streams a longer run's --report, --events and --samples)")
        .arg(kMaxPlotDays)
        .arg(days);
}

int simulate(const QString &file, int days, const Options &o, const PlotRequest &plotRequest, PlotWriter plotWriter,
             const QString &plotOption, const Streams &io)
{
    int code = Success;
    const std::optional<Scenario> scenario = load(file, io, code);
    if (!scenario)
        return code;
    const auto compiled = std::make_shared<const CompiledScenario>(compile(*scenario));
    RunRecords records(*scenario, compiled, io, plotRequest, plotWriter, plotOption);
    if (const int opened = records.open(o, file); opened != Success)
        return opened;

    sim::Options options;
    options.recordEvents = records.needsEvents();
    options.recordSamples = records.needsSamples();
    options.threads = o.values.value(QStringLiteral("threads"), QStringLiteral("0")).toInt(); // checked by goap-sim run
    sim::Simulation simulation(compiled, options);
    // A day at a time (in chunks within long days), draining the records as it goes.
    const std::int64_t chunk = std::min<std::int64_t>(simulation.ticksPerDay(), 100000);
    const std::int64_t total = std::int64_t(days) * simulation.ticksPerDay();
    while (simulation.totalTicks() < total) {
        simulation.stepTicks(std::min(chunk, total - simulation.totalTicks()));
        records.drain(simulation, simulation.totalTicks() == total);
        if (records.failed()) // a full disk: say so now, not after every day has run
            break;
    }
    return records.finish(simulation, days);
}

} // namespace goap::records
