#pragma once
// Where goap-sim and goap-plot write a record (a report, events, samples, a plot).
//
// A regular file, or one that does not exist yet, is replaced atomically
// through QSaveFile: readers never see half a file, and a failed run leaves
// the old one. Anything else that exists (a character device, a FIFO) and
// standard output ("-") is written in place: renaming a temporary file over
// a device node would replace the node itself. Write errors are reported by
// commit(), never lost (ENOSPC on /dev/full is an I/O error).

#include <QFile>
#include <QSaveFile>
#include <QString>

#include <cstdio>
#include <memory>

namespace goap::records {

class RecordFile
{
public:
    // Opens `name` ("-" is `standardOutput`). False, with error(), when it cannot be written.
    bool open(const QString &name, std::FILE *standardOutput);
    bool isOpen() const { return device() != nullptr; }
    QIODevice *device() const;
    // "-", or a name for the same file as standard output (/dev/stdout)
    bool toStandardOutput() const { return m_toStandardOutput; }
    bool failed() const { return m_failed; }
    bool inPlace() const { return m_plain != nullptr; }
    const QString &name() const { return m_name; }

    void write(const QByteArray &bytes); // errors are latched and reported by commit()
    // Flushes (in place) or commits (atomic replace); false, with error(), on any write error.
    bool commit();
    void cancel(); // an atomic file is discarded; what went in place stays written
    QString error() const { return m_error; }

private:
    QString m_name;
    std::unique_ptr<QSaveFile> m_save;
    std::unique_ptr<QFile> m_plain;
    QString m_error;
    bool m_failed = false;
    bool m_toStandardOutput = false;
};

} // namespace goap::records
