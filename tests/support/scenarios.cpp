#include "scenarios.h"

#include "io/scenarioreader.h"
#include "planner/compiledscenario.h"
#include "testutil.h"

namespace goap::testing {

namespace {

Scenario readOrStop(const ReadResult &r, const QString &name)
{
    if (!r.ok())
        qFatal("%s", qPrintable(r.issues.value(0).format(name)));
    return *r.scenario;
}

} // namespace

Scenario loadScenario(const QString &relative)
{
    return readOrStop(readScenarioFile(kSource + u'/' + relative), relative);
}

Scenario loadShipped(const QString &name)
{
    return loadScenario(QStringLiteral("scenarios/") + name);
}

std::shared_ptr<const CompiledScenario> compileShipped(const QString &name)
{
    return std::make_shared<const CompiledScenario>(compile(loadShipped(name)));
}

Scenario parseScenario(const QByteArray &json)
{
    return readOrStop(readScenario(json), QStringLiteral("inline"));
}

} // namespace goap::testing
