#pragma once
// Documents as tabs in one window, and a split view (issue #29): the
// Workspace is the application's window; each open document is a page, a
// MainWindow embedded in a tab, in one of two tab groups side by side.
//
// Why pages are whole MainWindows (and not one set of docks rebinding to the
// active document): everything a MainWindow owns, the outline, the forms,
// the map, the run and its docks, is made for one ScenarioDocument and holds
// its pointer for its life. A page keeps all of that as it is, so two pages
// run live side by side with nothing shared between them, and a standalone
// MainWindow (what the tests and a sweep's standalone use drive) stays the
// same class. What makes it one application is here: one menu bar showing
// the active page's menus (their shortcuts then answer for that page only:
// a hidden page's menus are in no visible menu bar), one toolbar row where
// the active page's toolbars show, no title bar but the Workspace's. Focus
// decides which page is active.

#include <QHash>
#include <QList>
#include <QMainWindow>
#include <QPointer>
#include <QSet>

class QAction;
class QDockWidget;
class QSplitter;
class QTabWidget;
class QToolBar;

namespace goap {
struct Scenario;
}

namespace goap::editor {

class MainWindow;

class Workspace : public QMainWindow
{
    Q_OBJECT

public:
    explicit Workspace(QWidget *parent = nullptr); // one blank page
    ~Workspace() override;

    MainWindow *current() const { return m_active; } // the page the menus and toolbars act on
    QList<MainWindow *> pages() const; // the left group's tabs in order, then the right's
    QTabWidget *group(int side) const { return m_groups[side == 0 ? 0 : 1]; } // 0 left, 1 right
    int groupOf(const MainWindow *page) const; // 0, 1, or -1 when not here
    bool isSplit() const;

    // A blank untitled page, a tab at the end of the group (-1: the active one).
    MainWindow *newTab(int side = -1);
    // File > New and New from Template: in the active tab when it is blank, else in a new tab.
    MainWindow *newDocument();
    MainWindow *newFromTemplate(const QString &fileName);
    // File > Open: a file already open comes to the front; else it opens in
    // the active tab when that one is blank, else in a new tab of `side`.
    // The page (its Issues panel lists why when the file does not read), or
    // nullptr when the user kept the blank tab's work.
    MainWindow *openFile(const QString &fileName, int side = -1);
    // A sweep variant, unsaved, in a tab beside its original: in the other
    // group when split, else right after the original's tab.
    MainWindow *openBeside(MainWindow *original, const Scenario &variant);

    void activate(MainWindow *page); // its tab in front, and the focus in it
    bool closeTab(MainWindow *page); // asks to save when modified; false when cancelled
    void nextTab(int step); // Ctrl+Tab / Ctrl+Shift+Tab within the active group, round
    void splitRight(); // Window > Split Right
    void unsplit(); // Window > Unsplit: every tab in one group
    void moveToOtherGroup(MainWindow *page); // Window > Move Tab to Other Group
    void showSideBySide(MainWindow *left, MainWindow *right); // each in its own group, both in front

    QAction *splitAction() const { return m_split; }
    QAction *unsplitAction() const { return m_unsplit; }
    QAction *moveAction() const { return m_move; }

    bool saveScreenshot(const QString &fileName); // the window with its tabs

    // The workspace a page is in, or nullptr for a standalone MainWindow.
    static Workspace *of(const QWidget *page);

signals:
    void currentChanged(goap::editor::MainWindow *page);

protected:
    void closeEvent(QCloseEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QTabWidget *makeGroup();
    MainWindow *adopt(MainWindow *page, int side, int index = -1);
    void setActive(MainWindow *page);
    void updateTab(MainWindow *page);
    void updateTitle();
    void updateSplit(); // shows the right group only when it has tabs
    bool isBlank(MainWindow *page) const;
    MainWindow *blankOrNewTab(int side);
    void setCompact(MainWindow *page, bool compact); // its docked docks hidden, or back

    QSplitter *m_splitter;
    QTabWidget *m_groups[2];
    QPointer<MainWindow> m_active;
    QHash<MainWindow *, QList<QToolBar *>> m_toolbars; // a page's toolbars, moved into this window
    QHash<MainWindow *, QList<QPointer<QDockWidget>>> m_compacted; // docks setCompact() hid
    QSet<MainWindow *> m_blank; // pages made blank and not loaded into since
    QAction *m_next, *m_previous, *m_split, *m_unsplit, *m_move;
};

} // namespace goap::editor
