#pragma once
// A problem found in a scenario: an error (it cannot run) or a warning (it
// runs, but a designer should look), with the JSON path it concerns.

#include <QList>
#include <QString>

namespace goap {

struct Issue
{
    enum class Severity { Error, Warning };
    Severity severity = Severity::Error;
    QString path; // e.g. actions[3].add["agent.wood"]; empty for the document
    QString message; // the reason
    int line = 0; // 1-based source position when known, else 0
    int column = 0;

    bool isError() const { return severity == Severity::Error; }
    // "path: message"
    QString text() const;
    // "file:line:col: error: path: message", the compiler-style form for terminals.
    QString format(const QString &fileName) const;
    bool operator==(const Issue &) const = default;
};

using Issues = QList<Issue>;

bool hasErrors(const Issues &issues);
qsizetype errorCount(const Issues &issues);

// Path helpers, so every producer spells paths the same way.
QString pathKey(const QString &path, const QString &key); // a.b or a["x.y"]
QString pathFact(const QString &path, const QString &factKey); // always a["..."]
QString pathIndex(const QString &path, qsizetype index); // a[3]

} // namespace goap
