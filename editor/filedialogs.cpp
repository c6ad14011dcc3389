#include "filedialogs.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QRegularExpression>
#include <QSettings>
#include <QStandardPaths>

namespace goap::editor {

QString withSuffix(const QString &fileName, const QString &defaultSuffix, const QStringList &accepted)
{
    if (fileName.isEmpty() || defaultSuffix.isEmpty())
        return fileName;
    if (fileName.endsWith(u'.'))
        return fileName + defaultSuffix;
    const QString suffix = QFileInfo(fileName).suffix();
    if (suffix.compare(defaultSuffix, Qt::CaseInsensitive) == 0)
        return fileName;
    for (const QString &a : accepted)
        if (suffix.compare(a, Qt::CaseInsensitive) == 0)
            return fileName;
    return fileName + u'.' + defaultSuffix;
}

QString suggestedBaseName(const QString &name)
{
    static const QRegularExpression bad(QStringLiteral(R"([/\\:*?"<>|\x00-\x1f])"));
    QString base = name.trimmed();
    base.replace(bad, QStringLiteral("-"));
    while (base.startsWith(u'.'))
        base.remove(0, 1);
    return base.isEmpty() ? QStringLiteral("Untitled") : base;
}

static QString settingsKey(const QString &kind)
{
    return QStringLiteral("fileDialogs/") + kind;
}

QString lastFolder(const QString &kind, const QString &fallback)
{
    const QString last = QSettings().value(settingsKey(kind)).toString();
    if (!last.isEmpty() && QFileInfo(last).isDir())
        return last;
    if (!fallback.isEmpty() && QFileInfo(fallback).isDir())
        return fallback;
    const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    return QFileInfo(documents).isDir() ? documents : QDir::homePath();
}

void rememberFolder(const QString &kind, const QString &fileName)
{
    if (!fileName.isEmpty())
        QSettings().setValue(settingsKey(kind), QFileInfo(fileName).absolutePath());
}

QString saveFileName(QWidget *parent, const QString &kind, const QString &suggestedBase, const QString &filter,
                     const QString &defaultSuffix, const QString &title, const QString &fallback)
{
    QFileDialog dialog(parent, title.isEmpty() ? QFileDialog::tr("Save") : title, lastFolder(kind, fallback), filter);
    dialog.setObjectName(QStringLiteral("saveDialog"));
    dialog.setAcceptMode(QFileDialog::AcceptSave);
    dialog.setFileMode(QFileDialog::AnyFile);
    dialog.setDefaultSuffix(defaultSuffix); // appended before the overwrite question, where the dialog supports it
    dialog.selectFile(withSuffix(suggestedBaseName(suggestedBase), defaultSuffix));
    if (dialog.exec() != QDialog::Accepted || dialog.selectedFiles().isEmpty())
        return {};
    // Native dialogs may not honour the default suffix: make sure of it,
    // keeping any other suffix the filter offers (*.markdown beside *.md).
    static const QRegularExpression pattern(QStringLiteral(R"(\*\.(\w+))"));
    QStringList accepted;
    for (auto it = pattern.globalMatch(filter); it.hasNext();)
        accepted << it.next().captured(1);
    const QString selected = dialog.selectedFiles().first();
    const QString name = withSuffix(selected, defaultSuffix, accepted);
    // The dialog asked about the name it was given ("wood.v2"), not the one
    // the suffix makes of it: ask before replacing that one.
    if (name != selected && QFileInfo::exists(name)
        && QMessageBox::question(
               parent, dialog.windowTitle(),
               QFileDialog::tr("%1 already exists.\nDo you want to replace it?").arg(QFileInfo(name).fileName()),
               QMessageBox::Yes | QMessageBox::No, QMessageBox::No)
            != QMessageBox::Yes)
        return {};
    rememberFolder(kind, name);
    return name;
}

} // namespace goap::editor
