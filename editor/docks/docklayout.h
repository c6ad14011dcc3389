#pragma once
// Docks that grow: any dock maximised to the whole window (the map and the
// other docks out of the way, until restored) or popped out into a window
// of its own, from the View menu (on the dock that has the focus) or from a
// dock's title-bar context menu. The layout before maximising comes back
// exactly (QMainWindow::saveState), and a maximised layout is never what
// gets remembered: layoutToSave() is the one to keep across sessions.

#include <QByteArray>
#include <QObject>
#include <QPointer>

class QAction;
class QDockWidget;
class QMainWindow;
class QMenu;

namespace goap::editor {

class DockLayout : public QObject
{
    Q_OBJECT

public:
    explicit DockLayout(QMainWindow *window);

    void maximize(QDockWidget *dock);
    void restore(); // the layout before maximize(); nothing when none is maximised
    void popOut(QDockWidget *dock); // a window of its own, over the main window
    void dockBack(QDockWidget *dock); // back where it was docked
    QDockWidget *maximized() const { return m_maximized; }
    // The dock the user works in: the one holding the focus, else the last one that did.
    QDockWidget *current() const;
    // saveState() as it would be without maximising (what to keep in QSettings).
    QByteArray layoutToSave() const;

    QAction *maximizeAction() const { return m_maximize; } // toggles the current dock
    QAction *popOutAction() const { return m_popOut; } // toggles the current dock
    // Maximize / Restore Layout and Pop Out / Dock Back for `dock`, for its title bar's menu.
    void addActionsFor(QDockWidget *dock, QMenu *menu);

private:
    void remember(QWidget *focus);

    QMainWindow *m_window;
    QPointer<QDockWidget> m_maximized;
    QPointer<QDockWidget> m_lastFocused;
    QByteArray m_before; // saveState() before maximising
    QAction *m_maximize, *m_popOut;
};

} // namespace goap::editor
