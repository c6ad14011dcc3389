#include "factname.h"

namespace goap {

namespace {
bool isIdStart(QChar c) { return (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z') || c == u'_'; }
bool isIdChar(QChar c) { return isIdStart(c) || (c >= u'0' && c <= u'9'); }
constexpr qsizetype kMaxNameLength = 64;
} // namespace

QString scopePrefix(Scope scope)
{
    switch (scope) {
    case Scope::World: return QStringLiteral("world.");
    case Scope::Agent: return QStringLiteral("agent.");
    case Scope::Partner: return QStringLiteral("partner.");
    }
    return {};
}

QString FactName::toString() const { return scopePrefix(scope) + name; }

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
    if (scoped.startsWith(u"partner.") && isValidFactName(scoped.mid(8)))
        return {};
    if (!scoped.startsWith(u"world.") && !scoped.startsWith(u"agent."))
        return QStringLiteral("a fact must start with \"world.\" or \"agent.\"");
    if (!isValidFactName(scoped.mid(6)))
        return QStringLiteral("\"%1\" is not a valid fact name (letters, digits, '_' and "
                              "inner dots, starting with a letter, at most %2 characters)")
            .arg(scoped.mid(6).toString())
            .arg(kMaxNameLength);
    return {};
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
