#include "io/savefile.h"

#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

namespace goap {

SafeFile::SafeFile(QString file)
    : m_file(std::move(file))
{
}

SafeFile::~SafeFile()
{
    cancel();
}

bool SafeFile::fail(const QString &reason)
{
    m_error = QStringLiteral("cannot write %1: %2").arg(m_file, reason);
    return false;
}

bool SafeFile::open()
{
    const QFileInfo info(m_file);
    if (info.exists() && !info.isFile() && !info.isDir()) { // a device or a FIFO: in place
        m_inPlace = std::make_unique<QFile>(m_file);
        if (!m_inPlace->open(QIODevice::WriteOnly | QIODevice::Unbuffered))
            return fail(m_inPlace->errorString());
        return true;
    }
    m_save = std::make_unique<QSaveFile>(m_file);
    if (!m_save->open(QIODevice::WriteOnly))
        return fail(m_save->errorString());
    return true;
}

bool SafeFile::write(const QByteArray &bytes)
{
    QIODevice *out = m_save ? static_cast<QIODevice *>(m_save.get()) : m_inPlace.get();
    if (!out)
        return fail(QStringLiteral("not open"));
    if (out->write(bytes) != bytes.size())
        return fail(out->errorString());
    return true;
}

bool SafeFile::commit()
{
    if (m_save) {
        const bool ok = m_save->commit();
        const QString why = m_save->errorString();
        m_save.reset();
        return ok || fail(why);
    }
    if (m_inPlace) {
        const bool ok = m_inPlace->flush() && m_inPlace->error() == QFileDevice::NoError;
        const QString why = m_inPlace->errorString();
        m_inPlace.reset();
        return ok || fail(why);
    }
    return fail(QStringLiteral("not open"));
}

void SafeFile::cancel()
{
    if (m_save)
        m_save->cancelWriting();
    m_save.reset();
    m_inPlace.reset();
}

QString saveFileSafely(const QString &file, const QByteArray &bytes)
{
    SafeFile out(file);
    if (!out.open() || !out.write(bytes) || !out.commit())
        return out.error();
    return {};
}

} // namespace goap
