#include "io/savefile.h"

#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

namespace goap {

QString saveFileSafely(const QString &file, const QByteArray &bytes)
{
    const QFileInfo info(file);
    if (info.exists() && !info.isFile() && !info.isDir()) { // a device or a FIFO: in place
        QFile out(file);
        if (!out.open(QIODevice::WriteOnly | QIODevice::Unbuffered) || out.write(bytes) != bytes.size())
            return QStringLiteral("cannot write %1: %2").arg(file, out.errorString());
        return {};
    }
    QSaveFile out(file);
    if (!out.open(QIODevice::WriteOnly) || out.write(bytes) != bytes.size() || !out.commit())
        return QStringLiteral("cannot write %1: %2").arg(file, out.errorString());
    return {};
}

} // namespace goap
