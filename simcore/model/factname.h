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

// An id of a station, action, goal or agent: a letter or '_', then letters,
// digits, '_' or '-'; at most 64 characters.
bool isValidId(QStringView id);

} // namespace goap
