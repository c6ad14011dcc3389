// The C++ engine from an installed GoapSim: reads a scenario, runs a day and
// writes the day report to stdout, as `goap-sim run FILE --report -` does.
#include "io/scenarioreader.h"
#include "planner/compiledscenario.h"
#include "sim/records.h"
#include "sim/simulation.h"

#include <cstdio>
#include <memory>

int main(int argc, char **argv)
{
    if (argc != 2)
        return 1;
    const QString file = QString::fromLocal8Bit(argv[1]);
    goap::ReadResult r = goap::readScenarioFile(file);
    if (!r.ok()) {
        for (const goap::Issue &issue : r.issues)
            std::fprintf(stderr, "%s\n", qPrintable(issue.format(file)));
        return 2;
    }
    auto compiled = std::make_shared<const goap::CompiledScenario>(goap::compile(*r.scenario));
    goap::sim::Simulation simulation(compiled);
    simulation.runDays(1);
    const QByteArray report = goap::sim::reportJson(*compiled, r.scenario->name, simulation.reports());
    std::fwrite(report.constData(), 1, size_t(report.size()), stdout);
    return 0;
}
