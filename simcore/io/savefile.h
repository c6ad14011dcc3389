#pragma once
// Writing a whole file safely: a regular file (or a new one) is replaced
// atomically through QSaveFile, so readers never see half of it and a failed
// write leaves the old one; anything else that exists (a character device
// such as /dev/null or a terminal, a FIFO, a symlink to one) is written in
// place, because renaming a temporary file over a device node would replace
// the node itself (as root, /dev/null would become a regular file). Every
// writer of a named output goes through here: scenario saves, the summary,
// goap-sim run's records, graph and plan pictures, sweep shards and merges.

#include <QByteArray>
#include <QString>

#include <memory>

class QFile;
class QSaveFile;

namespace goap {

// A file written in pieces (a sweep's rows as they come), then committed:
// replaced atomically when it is (or will be) a regular file, else written in place.
class SafeFile
{
public:
    explicit SafeFile(QString file);
    ~SafeFile(); // an uncommitted regular file is left as it was
    bool open();
    bool write(const QByteArray &bytes);
    bool commit();
    void cancel(); // drops what was written (a regular file keeps its old contents)
    // "cannot write FILE: reason", after a failed open, write or commit.
    QString error() const { return m_error; }

private:
    bool fail(const QString &reason);
    QString m_file, m_error;
    std::unique_ptr<QSaveFile> m_save;
    std::unique_ptr<QFile> m_inPlace;
};

// Empty when written; else "cannot write FILE: reason".
QString saveFileSafely(const QString &file, const QByteArray &bytes);

} // namespace goap
