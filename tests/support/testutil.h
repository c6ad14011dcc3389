#pragma once
// Small helpers shared by the test suites.

#include <QByteArray>
#include <QFile>
#include <QString>

namespace goap::testing {

// The source tree (scenarios/, tests/data/), as the build saw it.
inline const QString kSource = QStringLiteral(GOAP_SOURCE_DIR);

// The whole file, or an empty array when it cannot be read.
inline QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// A memory figure of this process from /proc/self/status in KiB ("VmRSS"
// resident now, "VmHWM" its peak), or -1.
inline long procStatusKiB(const char *field)
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray key = QByteArray(field) + ':';
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.startsWith(key))
            return line.mid(key.size()).trimmed().split(' ').first().toLong();
    return -1;
}

} // namespace goap::testing
