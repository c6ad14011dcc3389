#pragma once
// Writing a whole file safely: a regular file (or a new one) is replaced
// atomically through QSaveFile, so readers never see half of it and a failed
// write leaves the old one; anything else that exists (a character device
// such as /dev/null or a terminal, a FIFO) is written in place, because
// renaming a temporary file over a device node would replace the node itself
// (as root, /dev/null would become a regular file).

#include <QByteArray>
#include <QString>

namespace goap {

// Empty when written; else "cannot write FILE: reason".
QString saveFileSafely(const QString &file, const QByteArray &bytes);

} // namespace goap
