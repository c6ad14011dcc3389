#include "issue.h"

#include "model/factname.h"

#include <algorithm>
#include <cstdio>

namespace goap {

QString Issue::text() const
{
    return path.isEmpty() ? message : path + QStringLiteral(": ") + message;
}

QString Issue::format(const QString &fileName) const
{
    QString where = fileName;
    if (line > 0)
        where += QStringLiteral(":%1:%2").arg(line).arg(column);
    return QStringLiteral("%1: %2: %3")
        .arg(where, isError() ? QStringLiteral("error") : QStringLiteral("warning"), text());
}

bool hasErrors(const Issues &issues)
{
    return std::any_of(issues.begin(), issues.end(), [](const Issue &i) { return i.isError(); });
}

qsizetype errorCount(const Issues &issues)
{
    return std::count_if(issues.begin(), issues.end(), [](const Issue &i) { return i.isError(); });
}

namespace {
QString quoted(const QString &key)
{
    QString escaped = key;
    escaped.replace(u'\\', QStringLiteral("\\\\")).replace(u'"', QStringLiteral("\\\""));
    return QStringLiteral("[\"%1\"]").arg(escaped);
}
} // namespace

QString pathKey(const QString &path, const QString &key)
{
    if (!isValidId(key))
        return path + quoted(key);
    if (path.isEmpty())
        return key;
    QString out; // one allocation
    out.reserve(path.size() + 1 + key.size());
    out += path;
    out += u'.';
    out += key;
    return out;
}

QString pathFact(const QString &path, const QString &factKey)
{
    return path + quoted(factKey);
}

QString pathIndex(const QString &path, qsizetype index)
{
    // Appended, not QString::arg: a big file builds one a list element.
    char digits[24];
    const int n = std::snprintf(digits, sizeof digits, "[%lld]", static_cast<long long>(index));
    QString out;
    out.reserve(path.size() + n);
    out += path;
    out += QLatin1StringView(digits, n);
    return out;
}

} // namespace goap
