#pragma once
// Small helpers shared by the test suites.

#include <QByteArray>
#include <QFile>
#include <QString>

namespace goap::testing {

inline const QString kSourceDir = QStringLiteral(GOAP_SOURCE_DIR);

// The whole file, or an empty array when it cannot be read.
inline QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace goap::testing
