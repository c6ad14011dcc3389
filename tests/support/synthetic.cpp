#include "synthetic.h"

namespace goap::testing {

Scenario chainScenario(int stages, int noise)
{
    Scenario s;
    s.name = QStringLiteral("Chain %1x3 + %2 noise").arg(stages).arg(noise);
    Agent solver{QStringLiteral("solver"), QStringLiteral("Solver"), {1, 1}, 1, {}, {}, {}};
    for (int i = 1; i <= stages; ++i) {
        for (int alt = 1; alt <= 3; ++alt) {
            Action a;
            a.id = QStringLiteral("stage%1alt%2").arg(i).arg(alt);
            a.label = a.id;
            a.duration = 1;
            a.cost = alt;
            if (i > 1)
                a.pre.append({QStringLiteral("agent.s%1").arg(i - 1), 1});
            a.set.append({QStringLiteral("agent.s%1").arg(i), 1});
            s.actions.append(a);
            solver.actions.append(a.id);
        }
    }
    for (int j = 1; j <= noise; ++j) {
        Action a;
        a.id = QStringLiteral("noise%1").arg(j);
        a.label = a.id;
        a.duration = 1;
        a.cost = 2;
        a.set.append({QStringLiteral("agent.n%1").arg(j), 1});
        s.actions.append(a);
        solver.actions.append(a.id);
    }
    Goal finish;
    finish.id = QStringLiteral("finish");
    finish.label = QStringLiteral("Finish");
    finish.kind = GoalKind::Quota;
    finish.conditions.append({QStringLiteral("agent.s%1").arg(stages), 1});
    s.goals.append(finish);
    solver.goals.append(GoalRef{finish.id, {}, {}, {}});
    s.agents.append(solver);
    return s;
}

Scenario replicatedTown(const Scenario &town, int characters)
{
    Scenario s = town;
    s.name = QStringLiteral("%1 x%2").arg(town.name).arg(characters);
    s.agents.clear();
    const int people = int(town.agents.size());
    const int copies = (characters + people - 1) / people;
    for (FactValue &f : s.world)
        f.value *= copies;
    for (int k = 0; s.agents.size() < characters; ++k) {
        for (const Agent &a : town.agents) {
            if (s.agents.size() == characters)
                break;
            Agent copy = a;
            copy.id = QStringLiteral("%1_%2").arg(a.id).arg(k);
            copy.label = QStringLiteral("%1 %2").arg(a.label).arg(k + 1);
            copy.at.x += double(k % 7) * 0.13;
            copy.at.y += double(k % 5) * 0.11;
            s.agents.append(copy);
        }
    }
    return s;
}

} // namespace goap::testing
