#include "recordfile.h"

#include <QFileInfo>

#include <fcntl.h>
#include <sys/stat.h>

namespace goap::records {

namespace {
bool sameFile(const QString &name, std::FILE *stream)
{
    struct stat a, b;
    return ::stat(QFile::encodeName(name).constData(), &a) == 0 && ::fstat(fileno(stream), &b) == 0
        && a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

// Whether a stream's descriptor is open for writing: standard output closed
// by the caller (`>&-`) would otherwise be found out only after the run.
bool writable(std::FILE *stream)
{
    const int flags = ::fcntl(fileno(stream), F_GETFL);
    return flags != -1 && (flags & O_ACCMODE) != O_RDONLY;
}
} // namespace

bool RecordFile::open(const QString &name, std::FILE *standardOutput)
{
    m_name = name;
    // Standard output redirected to the null device mixes nothing: a record written there is simply discarded.
    m_toStandardOutput
        = name == u"-" || (sameFile(name, standardOutput) && QFileInfo(name).canonicalFilePath() != u"/dev/null");
    if (name == u"-") {
        if (!writable(standardOutput)) {
            m_error = QStringLiteral("cannot write standard output: it is closed");
            return false;
        }
        m_plain = std::make_unique<QFile>();
        if (m_plain->open(standardOutput, QIODevice::WriteOnly))
            return true;
    } else {
        const QFileInfo info(name);
        if (info.isDir()) {
            m_error = QStringLiteral("cannot write %1: it is a directory").arg(name);
            return false;
        }
        if (info.exists() && !info.isFile()) { // a device or a FIFO: in place, never renamed over
            m_plain = std::make_unique<QFile>(name);
            if (m_plain->open(QIODevice::WriteOnly))
                return true;
        } else {
            m_save = std::make_unique<QSaveFile>(name);
            if (m_save->open(QIODevice::WriteOnly))
                return true;
        }
    }
    m_error = QStringLiteral("cannot write %1: %2")
                  .arg(name, device() ? device()->errorString() : QStringLiteral("unknown error"));
    m_save.reset();
    m_plain.reset();
    return false;
}

QIODevice *RecordFile::device() const
{
    if (m_save)
        return m_save.get();
    return m_plain.get();
}

void RecordFile::write(const QByteArray &bytes)
{
    QIODevice *d = device();
    if (!d || m_failed || bytes.isEmpty())
        return;
    if (d->write(bytes) != bytes.size()) {
        m_failed = true;
        m_error = QStringLiteral("cannot write %1: %2").arg(m_name, d->errorString());
    }
}

bool RecordFile::commit()
{
    if (m_failed) {
        cancel();
        return false;
    }
    if (m_plain) {
        const bool ok = m_plain->flush() && m_plain->error() == QFileDevice::NoError;
        if (!ok)
            m_error = QStringLiteral("cannot write %1: %2").arg(m_name, m_plain->errorString());
        m_plain->close();
        m_plain.reset();
        return ok;
    }
    if (m_save) {
        const bool ok = m_save->commit();
        if (!ok)
            m_error = QStringLiteral("cannot write %1: %2").arg(m_name, m_save->errorString());
        m_save.reset();
        return ok;
    }
    return false;
}

void RecordFile::cancel()
{
    if (m_save)
        m_save->cancelWriting();
    m_save.reset(); // discarded: never committed
    if (m_plain)
        m_plain->close();
    m_plain.reset();
}

} // namespace goap::records
