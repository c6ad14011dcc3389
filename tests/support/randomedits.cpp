#include "randomedits.h"

#include "io/validator.h"
#include "model/queries.h"

#include <algorithm>

namespace goap::testing {

edits::Result randomEdit(const Scenario &s, std::mt19937 &rng)
{
    auto pick = [&](qsizetype n) {
        return int(std::uniform_int_distribution<qsizetype>(0, std::max<qsizetype>(n, 1) - 1)(rng));
    };
    const EntityKind kinds[] = {EntityKind::Station,   EntityKind::Action,   EntityKind::Goal,
                                EntityKind::Character, EntityKind::Template, EntityKind::Spawner};
    const EntityKind kind = kinds[pick(6)];
    const int count = int(countOf(s, kind));
    const EntityRef ref {kind, pick(count)};
    switch (pick(12)) {
    case 0: // a label, or a spawner's count
        return visitKind(kind, [&](auto traits) -> edits::Result {
            using T = typename decltype(traits)::Type;
            if (count == 0)
                return {};
            T item = (s.*traits.list)[ref.index];
            if constexpr (std::is_same_v<T, Spawner>)
                item.max = item.max + 1;
            else
                item.label += QStringLiteral("!");
            return edits::setEntity(s, kind, ref.index, item, Field::Label);
        });
    case 1: // an id, with its references
        return visitKind(kind, [&](auto traits) -> edits::Result {
            using T = typename decltype(traits)::Type;
            if constexpr (std::is_same_v<T, Spawner>) {
                return {};
            } else {
                if (count == 0)
                    return {};
                T item = (s.*traits.list)[ref.index];
                item.id = uniqueId(item.id + QStringLiteral("x"), takenIds(s, kind));
                return edits::setEntity(s, kind, ref.index, item, Field::Id);
            }
        });
    case 2:
        return count ? edits::duplicate(s, ref) : edits::Result {};
    case 3:
        return count ? edits::remove(s, ref) : edits::Result {};
    case 4:
        return edits::addEntity(s, kind,
                                Point {double(pick(int(s.map.width))) + 0.5, double(pick(int(s.map.height))) + 0.5},
                                pick(2) ? GoalKind::Need : GoalKind::Quota);
    case 5: { // several at once
        if (kind != EntityKind::Character || count < 2)
            return {};
        QList<Agent> two {s.agents[0], s.agents[count - 1]};
        for (Agent &a : two)
            a.speed += 0.5;
        return edits::setEntities(s, kind, {0, count - 1}, edits::Values {two}, Field::Speed);
    }
    case 6: {
        const QStringList facts = factsInUse(s);
        if (facts.isEmpty())
            return {};
        const QString from = facts[pick(facts.size())];
        const QString to = from.left(from.indexOf(u'.') + 1) + QStringLiteral("renamed%1").arg(pick(1000));
        return edits::renameFact(s, from, to);
    }
    case 7:
        return edits::setWorldSeed(s, QStringLiteral("seed%1").arg(pick(3)), pick(50));
    case 8:
        return s.world.isEmpty() ? edits::addWorldFact(s)
                                 : edits::removeWorldSeed(s, s.world[pick(s.world.size())].name);
    case 9: {
        QList<Cell> cells;
        for (int k = 0; k < 6; ++k)
            cells << Cell {pick(int(s.map.width)), pick(int(s.map.height))};
        return edits::paintWalls(s, cells, pick(2) == 0);
    }
    case 10:
        if (!s.map.walls.isEmpty() && pick(2))
            return edits::removeWall(s, pick(s.map.walls.size()));
        return edits::addWall(s, Wall {double(pick(int(s.map.width))), double(pick(int(s.map.height))), 1, 1});
    default: {
        DaySettings day = s.day;
        day.length += 10;
        return edits::setSettings(s, s.name + QStringLiteral("!"), s.description, day, s.planner, s.map,
                                  Field::DayLength);
    }
    }
}

QStringList errorsOf(const Scenario &s)
{
    QStringList out;
    for (const Issue &i : validate(s))
        if (i.isError())
            out << i.text();
    return out;
}

} // namespace goap::testing
