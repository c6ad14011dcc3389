#pragma once
// Scoped fact names: "world.bread" names a fact in the shared pool,
// "agent.wood" one in the acting character's own pool.

#include <QString>

#include <optional>

namespace goap {

enum class Scope { World, Agent, Partner };

struct FactName
{
    Scope scope = Scope::World;
    QString name; // without the prefix
    QString toString() const;
    bool operator==(const FactName &) const = default;
};

// A bare fact name: a letter or '_', then letters, digits, '_' or single dots
// between parts ("free.cubicle"); at most 64 characters.
bool isValidFactName(QStringView name);

// Parses "world.x" / "agent.x" / "partner.x"; nullopt when the prefix or name is invalid.
std::optional<FactName> parseFactName(QStringView scoped);

// Why `scoped` is not a fact name, for messages (empty when it is one).
QString factNameProblem(QStringView scoped);

QString scopePrefix(Scope scope);

// The name without its scope: "world.bread" -> "bread", "partner.x" -> "x";
// a name without a scope prefix is returned as it is.
QString bareName(QStringView scoped);
// The character's own fact a partner fact names: "partner.x" -> "agent.x";
// other names unchanged (the simulation keeps one pool per character).
QString ownFact(const QString &scoped);
// The partner fact that reads a character's own fact: "agent.x" -> "partner.x";
// empty for other scopes.
QString partnerFact(QStringView scoped);
QString worldFact(QStringView bare); // "world." + bare
QString agentFact(QStringView bare); // "agent." + bare

// The world facts the simulation keeps itself (SPEC §7): a station's free
// places and the length of a queue.
QString freePlacesFact(QStringView station); // "world.free.<station>"
QString queueFact(QStringView queue); // "world.queue.<queue>"
bool isDerivedFact(QStringView scoped); // world.free.* or world.queue.*
// The station whose free places `scoped` counts, empty when it is no world.free.* fact.
QString stationOfFreePlaces(QStringView scoped);
// The queue whose length `scoped` is, empty when it is no world.queue.* fact.
QString queueOfFact(QStringView scoped);

// An id of a station, action, goal or agent: a letter or '_', then letters,
// digits, '_' or '-'; at most 64 characters.
bool isValidId(QStringView id);

} // namespace goap
