// goap-sim graph FILE --dot OUT.dot [--svg OUT.svg]: the production chain.
#include "subcommands.h"

#include "graph/productionchain.h"
#include "io/validator.h"

namespace goap::cli {

using namespace goap::tool;

int graphCommand(const QStringList &args, const Streams &io)
{
    const Options o = parseOptions(args, {QStringLiteral("dot"), QStringLiteral("svg")}, {});
    if (!oneScenarioFile(o, QStringLiteral("graph"), io))
        return Usage;
    if (!o.values.contains(QStringLiteral("dot")) && !o.values.contains(QStringLiteral("svg")))
        return usageError(io, QStringLiteral("graph needs --dot OUT.dot or --svg OUT.svg"));
    int code = Success;
    const std::optional<Scenario> scenario = loadForGraph(o, io, code);
    if (!scenario)
        return code;
    ProductionChain chain = productionChain(*scenario);
    markFindings(chain, *scenario, validate(*scenario)); // unreachable goals greyed
    return writeGraph(o, toDot(chain, scenario->name), io) ? Success : IoError;
}

} // namespace goap::cli
