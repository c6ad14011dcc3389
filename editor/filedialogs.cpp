#include "filedialogs.h"

#include <algorithm>

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
    // By the end of the name, so a suffix of two parts (".sweep.json") counts.
    const QString name = QFileInfo(fileName).fileName();
    auto ends = [&](const QString &suffix) {
        return name.size() > suffix.size() + 1 && name.endsWith(u'.' + suffix, Qt::CaseInsensitive);
    };
    if (ends(defaultSuffix) || std::any_of(accepted.begin(), accepted.end(), ends))
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

QStringList filterSuffixes(const QString &filter)
{
    static const QRegularExpression pattern(QStringLiteral(R"(\*\.([\w.]+))"));
    QStringList out;
    for (auto it = pattern.globalMatch(filter); it.hasNext();)
        out << it.next().captured(1).toLower();
    return out;
}

SaveTarget saveFileAs(QWidget *parent, const QString &kind, const QString &suggestedBase, const QStringList &filters,
                      int selectedFilter, const QString &title, const QString &fallback)
{
    Q_ASSERT(!filters.isEmpty());
    selectedFilter = std::clamp(selectedFilter, 0, int(filters.size()) - 1);
    // The format of a filter: its first suffix, else the first filter's.
    const QString firstFormat = filterSuffixes(filters.first()).value(0);
    auto formatOf = [&](const QString &filter) { return filterSuffixes(filter).value(0, firstFormat); };

    QFileDialog dialog(parent, title.isEmpty() ? QFileDialog::tr("Save") : title, lastFolder(kind, fallback));
    dialog.setObjectName(QStringLiteral("saveDialog"));
    dialog.setAcceptMode(QFileDialog::AcceptSave);
    dialog.setFileMode(QFileDialog::AnyFile);
    dialog.setNameFilters(filters);
    dialog.selectNameFilter(filters[selectedFilter]);
    // The default suffix follows the filter chosen, so the dialog's own
    // "already exists" question is about the name that will be written.
    dialog.setDefaultSuffix(formatOf(filters[selectedFilter]));
    QObject::connect(&dialog, &QFileDialog::filterSelected, &dialog,
                     [&dialog, formatOf](const QString &filter) { dialog.setDefaultSuffix(formatOf(filter)); });
    dialog.selectFile(withSuffix(suggestedBaseName(suggestedBase), formatOf(filters[selectedFilter])));
    if (dialog.exec() != QDialog::Accepted || dialog.selectedFiles().isEmpty())
        return {};
    const QString selected = dialog.selectedFiles().first();
    // A suffix typed of one of the offered formats says which; else the
    // filter chosen does, and its suffix is appended (native dialogs may not
    // honour the default suffix).
    QString format = formatOf(dialog.selectedNameFilter());
    const QString typed = QFileInfo(selected).fileName();
    auto typedWith = [&](const QString &filter) {
        const QStringList suffixes = filterSuffixes(filter);
        return std::any_of(suffixes.begin(), suffixes.end(), [&](const QString &suffix) {
            return typed.size() > suffix.size() + 1 && typed.endsWith(u'.' + suffix, Qt::CaseInsensitive);
        });
    };
    if (!typedWith(dialog.selectedNameFilter()))
        for (const QString &filter : filters)
            if (typedWith(filter)) {
                format = formatOf(filter);
                break;
            }
    QStringList accepted;
    for (const QString &filter : filters)
        if (filterSuffixes(filter).contains(format))
            accepted << filterSuffixes(filter); // *.markdown beside *.md
    const QString name = withSuffix(selected, format, accepted);
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
    return {name, format};
}

QString saveFileName(QWidget *parent, const QString &kind, const QString &suggestedBase, const QString &filter,
                     const QString &defaultSuffix, const QString &title, const QString &fallback)
{
    QStringList filters = filter.split(QStringLiteral(";;"), Qt::SkipEmptyParts);
    // The default suffix's filter first: it is the one chosen.
    const auto own = std::find_if(filters.begin(), filters.end(), [&](const QString &f) {
        return filterSuffixes(f).contains(defaultSuffix.toLower());
    });
    if (own == filters.end())
        filters.prepend(QFileDialog::tr("%1 files (*.%2)").arg(defaultSuffix.toUpper(), defaultSuffix));
    else
        std::rotate(filters.begin(), own, own + 1);
    return saveFileAs(parent, kind, suggestedBase, filters, 0, title, fallback).fileName;
}

} // namespace goap::editor
