#include "factname.h"

namespace goap {

namespace {
bool isIdStart(QChar c)
{
    return (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z') || c == u'_';
}
bool isIdChar(QChar c)
{
    return isIdStart(c) || (c >= u'0' && c <= u'9');
}
constexpr qsizetype kMaxNameLength = 64;
} // namespace

QString scopePrefix(Scope scope)
{
    switch (scope) {
    case Scope::World:
        return QStringLiteral("world.");
    case Scope::Agent:
        return QStringLiteral("agent.");
    case Scope::Partner:
        return QStringLiteral("partner.");
    }
    return {};
}

QString FactName::toString() const
{
    return scopePrefix(scope) + name;
}

bool isValidFactName(QStringView name)
{
    if (name.isEmpty() || name.size() > kMaxNameLength || !isIdStart(name.front()))
        return false;
    QChar previous;
    for (const QChar c : name) {
        if (c == u'.') {
            if (previous == u'.')
                return false;
        } else if (!isIdChar(c)) {
            return false;
        }
        previous = c;
    }
    return previous != u'.';
}

std::optional<FactName> parseFactName(QStringView scoped)
{
    FactName f;
    qsizetype prefix = 6;
    if (scoped.startsWith(u"world."))
        f.scope = Scope::World;
    else if (scoped.startsWith(u"agent."))
        f.scope = Scope::Agent;
    else if (scoped.startsWith(u"partner."))
        f.scope = Scope::Partner, prefix = 8;
    else
        return std::nullopt;
    const QStringView name = scoped.mid(prefix);
    if (!isValidFactName(name))
        return std::nullopt;
    f.name = name.toString();
    return f;
}

QString factNameProblem(QStringView scoped)
{
    if (scoped.startsWith(u"partner.") && isValidFactName(bareName(scoped)))
        return {};
    if (!scoped.startsWith(u"world.") && !scoped.startsWith(u"agent."))
        return QStringLiteral("a fact must start with \"world.\" or \"agent.\"");
    if (!isValidFactName(bareName(scoped)))
        return QStringLiteral("\"%1\" is not a valid fact name (letters, digits, '_' and "
                              "inner dots, starting with a letter, at most %2 characters)")
            .arg(bareName(scoped))
            .arg(kMaxNameLength);
    return {};
}

namespace {
qsizetype prefixLength(QStringView scoped)
{
    for (const QStringView prefix : {u"world.", u"agent.", u"partner."})
        if (scoped.startsWith(prefix))
            return prefix.size();
    return 0;
}
constexpr QStringView kFreePrefix = u"world.free.";
constexpr QStringView kQueuePrefix = u"world.queue.";
QString joined(QStringView prefix, QStringView name)
{
    QString out;
    out.reserve(prefix.size() + name.size());
    return out.append(prefix).append(name);
}
} // namespace

QString bareName(QStringView scoped)
{
    return scoped.mid(prefixLength(scoped)).toString();
}

QString ownFact(const QString &scoped)
{
    return scoped.startsWith(u"partner.") ? agentFact(bareName(scoped)) : scoped;
}

QString partnerFact(QStringView scoped)
{
    return scoped.startsWith(u"agent.") ? joined(u"partner.", bareName(scoped)) : QString();
}

QString worldFact(QStringView bare)
{
    return joined(u"world.", bare);
}
QString agentFact(QStringView bare)
{
    return joined(u"agent.", bare);
}
QString freePlacesFact(QStringView station)
{
    return joined(kFreePrefix, station);
}
QString queueFact(QStringView queue)
{
    return joined(kQueuePrefix, queue);
}
bool isDerivedFact(QStringView scoped)
{
    return scoped.startsWith(kFreePrefix) || scoped.startsWith(kQueuePrefix);
}

QString stationOfFreePlaces(QStringView scoped)
{
    return scoped.startsWith(kFreePrefix) ? scoped.mid(kFreePrefix.size()).toString() : QString();
}

QString queueOfFact(QStringView scoped)
{
    return scoped.startsWith(kQueuePrefix) ? scoped.mid(kQueuePrefix.size()).toString() : QString();
}

bool isValidId(QStringView id)
{
    if (id.isEmpty() || id.size() > kMaxNameLength || !isIdStart(id.front()))
        return false;
    for (const QChar c : id)
        if (!isIdChar(c) && c != u'-')
            return false;
    return true;
}

} // namespace goap
