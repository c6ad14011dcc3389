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

// Asks where to save a file of `kind`: starts in lastFolder(kind, fallback)
// with suggestedBase.defaultSuffix selected, appends the suffix when none was
// typed and remembers the folder. Empty when cancelled.
QString saveFileName(QWidget *parent, const QString &kind, const QString &suggestedBase, const QString &filter,
                     const QString &defaultSuffix, const QString &title = {}, const QString &fallback = {});

} // namespace goap::editor
