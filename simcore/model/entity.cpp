#include "entity.h"

namespace goap {

const char *fieldName(Field field)
{
    switch (field) {
    case Field::None:
        return "";
    case Field::Id:
        return "id";
    case Field::Label:
        return "label";
    case Field::Position:
        return "position";
    case Field::Capacity:
        return "places";
    case Field::Stations:
        return "station";
    case Field::Duration:
        return "duration";
    case Field::Cost:
        return "cost";
    case Field::Needs:
        return "needs";
    case Field::Effects:
        return "effects";
    case Field::QueueJoined:
        return "queue joined";
    case Field::PartnerQueue:
        return "partner queue";
    case Field::Release:
        return "release";
    case Field::Leave:
        return "leave";
    case Field::External:
        return "external";
    case Field::GoalKind:
        return "kind";
    case Field::Conditions:
        return "conditions";
    case Field::Start:
        return "start";
    case Field::Rate:
        return "rate";
    case Field::Urgency:
        return "urgency";
    case Field::GoalFact:
        return "fact";
    case Field::Budget:
        return "budget";
    case Field::Speed:
        return "speed";
    case Field::Facts:
        return "facts";
    case Field::Actions:
        return "actions";
    case Field::Goals:
        return "goals";
    case Field::Template:
        return "template";
    case Field::First:
        return "first";
    case Field::Interval:
        return "interval";
    case Field::Count:
        return "count";
    case Field::Name:
        return "name";
    case Field::Description:
        return "description";
    case Field::DayLength:
        return "day length";
    case Field::Tick:
        return "tick";
    case Field::NodeCap:
        return "node cap";
    case Field::Heuristic:
        return "heuristic";
    case Field::CostWeight:
        return "cost weight";
    case Field::SwitchMargin:
        return "switch margin";
    case Field::RestThreshold:
        return "rest threshold";
    case Field::TravelCost:
        return "travel cost";
    case Field::MapWidth:
        return "map width";
    case Field::MapHeight:
        return "map height";
    case Field::Walls:
        return "walls";
    case Field::Seed:
        return "seed";
    }
    return "";
}

Section sectionOf(EntityKind kind)
{
    return visitKind(kind, [](auto traits) { return traits.section; });
}

std::optional<EntityKind> kindOf(Sections sections)
{
    for (const EntityKind kind : kEntityKinds)
        if (sections == sectionOf(kind))
            return kind;
    return std::nullopt;
}

std::optional<EntityKind> kindOfFileKey(QStringView key)
{
    for (const EntityKind kind : kEntityKinds)
        if (key == QLatin1String(visitKind(kind, [](auto traits) { return traits.fileKey; })))
            return kind;
    return std::nullopt;
}

const char *nounOf(EntityKind kind)
{
    return visitKind(kind, [](auto traits) { return traits.noun; });
}

qsizetype countOf(const Scenario &s, EntityKind kind)
{
    return visitKind(kind, [&](auto traits) { return (s.*traits.list).size(); });
}

QString labelOf(const Scenario &s, EntityRef ref)
{
    return visitKind(ref.kind, [&](auto traits) {
        const auto &list = s.*traits.list;
        return ref.index >= 0 && ref.index < list.size() ? labelOfItem(list[ref.index]) : QString();
    });
}

QString idOf(const Scenario &s, EntityRef ref)
{
    return visitKind(ref.kind, [&](auto traits) {
        const auto &list = s.*traits.list;
        return ref.index >= 0 && ref.index < list.size() ? idOfItem(list[ref.index]) : QString();
    });
}

EntityRef findEntity(const Scenario &s, EntityKind kind, QStringView id)
{
    return visitKind(kind, [&](auto traits) {
        const auto &list = s.*traits.list;
        for (qsizetype i = 0; i < list.size(); ++i)
            if (idOfItem(list[i]) == id)
                return EntityRef {kind, int(i)};
        return EntityRef {kind, -1};
    });
}

} // namespace goap
