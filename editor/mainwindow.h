#pragma once
// The main window: the outline, the property forms, the map, the issues
// panel and the undo history around one ScenarioDocument, with the file
// workflow (New, New from Template, Open, Open Recent, Save, Save As, Save a
// Copy, Export Summary, Revert) and a save prompt whenever work would be lost.

#include "docks/outline.h"
#include "document/scenariodocument.h"

#include <QHash>
#include <QMainWindow>
#include <QMessageBox>

#include <functional>

class QDockWidget;
class QMenu;
class QStackedWidget;
class QToolBar;
class QUndoView;

namespace goap {
struct Fragment;
}

namespace goap::editor {

class ActionForm;
class CharacterForm;
class FactForm;
class FormPage;
class GoalForm;
class IssuesPanel;
class MapScene;
class MapView;
class LiveRun;
class ScenarioForm;
class SpawnerForm;
class StationForm;

class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // File operations; each returns whether it happened. Opening a bad file
    // lists its errors in the Issues panel and leaves the document untouched.
    bool openFile(const QString &fileName);
    bool newDocument();
    bool newFromTemplate(const QString &fileName);
    bool save();
    bool saveAs(const QString &fileName);
    bool saveCopy(const QString &fileName);
    bool exportSummary(const QString &fileName);
    bool revert(); // reloads the saved file as one undoable step
    bool revertAsking(); // File > Revert: asks first when there are changes
    bool saveScreenshot(const QString &fileName);

    // Asks to save unsaved changes; false when the user cancels.
    bool maybeSave();
    // Replaces the save prompt (tests answer it without a dialog).
    void setSavePrompt(std::function<QMessageBox::StandardButton()> prompt) { m_savePrompt = std::move(prompt); }
    // Replaces the file dialog used by Save when the document has no file yet.
    void setSaveAsPrompt(std::function<QString()> prompt) { m_saveAsPrompt = std::move(prompt); }

    static QStringList templateFiles();

    enum class HelpPage { GettingStarted, Shortcuts };
    QString helpText(HelpPage page) const; // HTML
    void showHelp(HelpPage page);
    static QString gettingStartedHtml(); // helptext.cpp

    ScenarioDocument *document() const { return m_document; }
    const Scenario &scenario() const { return m_document->scenario(); }
    QString fileName() const { return m_document->fileName(); }
    Outline *outline() const { return m_outline; }
    IssuesPanel *issuesPanel() const { return m_issues; }
    MapScene *mapScene() const { return m_scene; }
    MapView *mapView() const { return m_view; }
    class ChainView *chainView() const { return m_chain; }
    class SearchView *searchView() const { return m_search; }
    QAction *wallToolAction() const;
    QAction *wallBrushAction() const;
    QAction *wallEraserAction() const;
    class WallTools *wallTools() const { return m_wallTools; }
    class ReachableOverlay *reachable() const { return m_reachable; }
    ScenarioForm *scenarioForm() const { return m_scenarioForm; }
    FactForm *factForm() const { return m_factForm; }
    StationForm *stationForm() const { return m_stationForm; }
    ActionForm *actionForm() const { return m_actionForm; }
    GoalForm *goalForm() const { return m_goalForm; }
    CharacterForm *characterForm() const { return m_characterForm; }
    CharacterForm *templateForm() const { return m_templateForm; }
    SpawnerForm *spawnerForm() const { return m_spawnerForm; }
    LiveRun *liveRun() const { return m_run; }
    class Breakpoints *breakpoints() const { return m_breakpoints; }
    class BreakpointsPanel *breakpointsPanel() const { return m_breakpointsPanel; }
    // View > Follow Selected: the map keeps the selected character in its middle while a run plays.
    QAction *followAction() const { return m_follow; }
    class DockLayout *dockLayout() const { return m_dockLayout; }
    // A dock by name: outline, properties, issues, history, inspector, eventLog, charts.
    QDockWidget *dock(const QString &name) const;
    QStringList dockNames() const; // what dock() takes, in the order the docks were made
    // Selects a character by id for the inspector (and the outline); false when there is none.
    bool inspect(const QString &characterId);
    QWidget *currentForm() const;
    // The outline's context menu for an item or a section (add, duplicate, rename, delete).
    QMenu *outlineMenu(const ItemRef &item);
    void showItem(const ItemRef &item);
    void showItems(const QList<ItemRef> &items); // several of one kind, edited together
    class SweepDialog *showSweep(); // Run > Sweep (one dialog, kept between uses)
    // Copy, paste and prefabs (issue #29; mainwindowclipboard.cpp).
    class PrefabsPanel *prefabsPanel() const { return m_prefabs; }
    bool copySelected(bool cut = false); // Edit > Copy, Cut: false when nothing is selected
    bool pasteClipboard(); // Edit > Paste: false (and the status bar says why) when nothing was pasted
    bool pasteFragment(const Fragment &fragment); // one undo step; selects what was pasted
    bool saveSelectionAsPrefab(const QString &name); // Edit > Save Selection as Prefab...
    // File > Compare With (sidebyside.cpp): this document against a file (nullptr,
    // said, when it does not read) or against another window's document, followed live.
    class DiffDialog *compareWithFile(const QString &fileName);
    class DiffDialog *compareWithWindow(MainWindow *other);
    // Window > Tile Side by Side: this window on the left half of its screen's
    // free area, `other` on the right half.
    void tileSideBySide(MainWindow *other);
    // Window > Compare Run With: the other window's run (at rest) as the
    // baseline of this one's Charts dock; false, said, when it has none.
    bool compareRunWith(MainWindow *other);
    static QList<MainWindow *> openWindows(); // shown (a tab: its window shown), in the order made
    // "Town (town.json)", "Town (unsaved)": how another window or tab is listed, and a tab's text.
    static QString displayName(const MainWindow *window);
    // The window whose tab this is (workspace.h), or nullptr when this is a window of its own.
    class Workspace *workspace() const;
    QMenu *windowMenu() const { return m_windowMenu; }

protected:
    void closeEvent(QCloseEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override; // a dock's title bar: maximise, pop out
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void createActions();
    void createFileMenu(QToolBar *toolbar);
    void createEditMenu(QToolBar *toolbar);
    void createViewMenu();
    void createRunMenu();
    void createHelpMenu();
    void createClipboardActions(QMenu *edit); // mainwindowclipboard.cpp
    void createPrefabsDock();
    QList<EntityRef> selectedEntities() const;
    void addCompareMenu(QMenu *file);
    void createWindowMenu();
    static void registerWindow(MainWindow *window, bool alive); // what openWindows() lists
    // File > Open, Open Recent, a drop: a tab of the workspace, when this is one; else here.
    void openHere(const QString &fileName);
    class DiffDialog *showDiff(class DiffDialog *dialog);
    void createDocks();
    QDockWidget *addDock(const QString &name, const QString &title, QWidget *widget, Qt::DockWidgetArea area);
    void arrangeDocks();
    void updateTitle();
    void updateRecentMenu();
    void rememberRecent(const QString &fileName);
    friend class ItemActions; // reaches formOf and confirm
    FormPage *formOf(EntityKind kind) const;
    // A question with a destructive answer (objectName "confirmDialog"); true when accepted.
    bool confirm(const QString &title, const QString &text, const QString &detail, const QString &accept);
    void openDialog();
    bool saveAsDialog();

    ScenarioDocument *m_document;
    Outline *m_outline;
    IssuesPanel *m_issues;
    MapScene *m_scene;
    MapView *m_view;
    QStackedWidget *m_forms;
    QWidget *m_emptyForm;
    ScenarioForm *m_scenarioForm;
    FactForm *m_factForm;
    StationForm *m_stationForm;
    ActionForm *m_actionForm;
    GoalForm *m_goalForm;
    CharacterForm *m_characterForm;
    CharacterForm *m_templateForm;
    SpawnerForm *m_spawnerForm;
    QUndoView *m_history;
    LiveRun *m_run;
    QMenu *m_recentMenu = nullptr;
    class ItemActions *m_items = nullptr; // Add, Duplicate, Rename, Remove Selected
    QList<QAction *> m_clipboardActions; // Cut, Copy, Paste (for the outline's menu)
    QMenu *m_viewMenu = nullptr;
    QMenu *m_windowMenu = nullptr;
    QHash<QString, QDockWidget *> m_docks;
    QList<QDockWidget *> m_dockOrder;
    class ChainView *m_chain = nullptr;
    class SearchView *m_search = nullptr;
    class Breakpoints *m_breakpoints = nullptr;
    class BreakpointsPanel *m_breakpointsPanel = nullptr;
    QAction *m_follow = nullptr;
    class DockLayout *m_dockLayout = nullptr;
    void follow(); // centres the map on the selected character, when following
    QTimer *m_chainTimer = nullptr;
    class WallTools *m_wallTools = nullptr;
    class ReachableOverlay *m_reachable = nullptr;
    class SweepDialog *m_sweep = nullptr;
    class PrefabsPanel *m_prefabs = nullptr;
    std::function<QMessageBox::StandardButton()> m_savePrompt;
    std::function<QString()> m_saveAsPrompt;
};

} // namespace goap::editor
