#include "issue.h"

#include "model/factname.h"

#include <algorithm>

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
    return path.isEmpty() ? key : path + u'.' + key;
}

QString pathFact(const QString &path, const QString &factKey)
{
    return path + quoted(factKey);
}

QString pathIndex(const QString &path, qsizetype index)
{
    return QStringLiteral("%1[%2]").arg(path).arg(index);
}

} // namespace goap
