#pragma once
// The editor driven as a user drives it (offscreen): typing into fields,
// menu actions by their text, answers to message boxes, and scenarios/cook.json
// built through the forms. Shared by the editor's suites.

#include <QString>

class QAbstractSpinBox;
class QAction;
class QLineEdit;
class QTemporaryDir;
class QTimer;
class QSize;

namespace goap::editor {
class MainWindow;
}

namespace goap::testing {

// Types into a line edit as a user would, replacing its text, and presses Return.
void type(QLineEdit *edit, const QString &text);

// Types into a spin box as a user would (select all, type, Return).
void typeInto(QAbstractSpinBox *box, const QString &text);

// The window's action with this text (ampersands aside); none is fatal.
QAction *menuAction(editor::MainWindow &w, const QString &text);

// Builds scenarios/cook.json through the forms, step by step.
void buildCook(editor::MainWindow &w);

// Answers the next message box by clicking the button with that text, and
// keeps what it said. Delete the timer returned to stop waiting.
QTimer *answerNextDialog(const QString &button, QString *said);

// Answers the next save dialog as a user does: types `name` (a path) into
// its file name, chooses the first filter whose text contains `filter` with
// the arrow keys (none: the filter it opened with) and presses Return.
// `offered` gets its filters. Delete the timer returned to stop waiting.
QTimer *answerSaveDialog(const QString &name, const QString &filter, QStringList *offered = nullptr);

// Clicks the action with this text (ampersands aside) in the next popup menu.
QTimer *chooseInNextMenu(const QString &text);

// For a suite's main(), before the QApplication: under QT_QPA_PLATFORM=offscreen
// the screen becomes `size` (the offscreen plugin's configfile, written into
// `dir`, which must outlive the application). False when it cannot be written.
bool useOffscreenScreen(const QTemporaryDir &dir, const QSize &size);

} // namespace goap::testing
