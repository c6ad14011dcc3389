#pragma once
// Save dialogs that behave the same everywhere in the editor: a suggested
// name, the default suffix appended when none was typed (a scenario saved as
// "wood" becomes wood.json, which the Open dialog's *.json filter shows), and
// the last folder used for that kind of file remembered in QSettings
// ("fileDialogs/<kind>"), so exports do not land beside the scenario by default.

#include <QString>
#include <QStringList>

class QWidget;

namespace goap::editor {

// `fileName` with `.defaultSuffix` appended unless it already ends with that
// suffix or one of `accepted` (case-insensitive); a trailing dot is completed.
// Empty stays empty (a cancelled dialog).
QString withSuffix(const QString &fileName, const QString &defaultSuffix, const QStringList &accepted = {});

// A file name made from a scenario's name: characters no file system takes
// replaced by '-', "Untitled" when empty.
QString suggestedBaseName(const QString &name);

// The folder last saved into for `kind` (e.g. "scenario", "png", "pdf",
// "csv", "markdown"), else `fallback` when it exists, else Documents.
QString lastFolder(const QString &kind, const QString &fallback = {});
void rememberFolder(const QString &kind, const QString &fileName);

// What a save dialog answered: where, and in which format.
struct SaveTarget
{
    QString fileName; // with its suffix; empty when cancelled
    QString format; // the chosen filter's suffix, lower case ("svg", "png", "json")
    bool isEmpty() const { return fileName.isEmpty(); }
};

// The suffixes a filter names, lower case: "SVG files (*.svg *.svgz)" gives
// svg, svgz; "All files (*)" none.
QStringList filterSuffixes(const QString &filter);

// Asks where to save a file of `kind`, offering `filters` (one format each,
// "PNG pictures (*.png)") with `selectedFilter` chosen: starts in
// lastFolder(kind, fallback) with suggestedBase and that filter's suffix
// typed in. The format is the filter chosen when the dialog closes, and its
// suffix is appended when the name typed has none of the offered ones (a
// bare "tree" with the SVG filter is tree.svg, an SVG); a name typed with the
// suffix of another offered filter ("tree.png") means that format. A filter
// without a suffix ("All files (*)") takes the first filter's format.
// Remembers the folder. Every save dialog of the editor goes through here.
SaveTarget saveFileAs(QWidget *parent, const QString &kind, const QString &suggestedBase, const QStringList &filters,
                      int selectedFilter = 0, const QString &title = {}, const QString &fallback = {});

// saveFileAs() for one format: `filter` as ";;"-separated filters (the
// first chosen), `defaultSuffix` its suffix. Just the file name.
QString saveFileName(QWidget *parent, const QString &kind, const QString &suggestedBase, const QString &filter,
                     const QString &defaultSuffix, const QString &title = {}, const QString &fallback = {});

} // namespace goap::editor
