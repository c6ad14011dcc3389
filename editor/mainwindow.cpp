#include "mainwindow.h"
#include "document/changetext.h"
#include "scene/reachable.h"
#include "scene/walltools.h"

#include "graph/chainview.h"
#include "graph/searchview.h"

#include "docks/docklayout.h"
#include "docks/issuespanel.h"
#include "filedialogs.h"
#include "forms/actionform.h"
#include "forms/characterform.h"
#include "forms/factform.h"
#include "forms/goalform.h"
#include "forms/scenarioform.h"
#include "forms/spawnerform.h"
#include "forms/stationform.h"
#include "io/markdownsummary.h"
#include "io/savefile.h"
#include "io/scenarioreader.h"
#include "io/scenariowriter.h"
#include "itemactions.h"
#include "run/breakpoints.h"
#include "run/chartspanel.h"
#include "run/eventlogpanel.h"
#include "run/inspector.h"
#include "run/liverun.h"
#include "run/runlayer.h"
#include "scene/mapscene.h"
#include "sweep/sweepdialog.h"
#include "workspace.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMimeData>
#include <QTreeWidgetItem>

#include <QDialog>
#include <QDialogButtonBox>
#include <QPushButton>
#include <QSaveFile>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTextBrowser>
#include <QToolBar>
#include <QUndoStack>
#include <QUndoView>
#include <QVBoxLayout>
#include <memory>

// The icons live in the editor library's resources; a static library's
// resources must be registered explicitly.
static void initEditorResources()
{
    Q_INIT_RESOURCE(resources);
}

namespace goap::editor {

namespace {

constexpr int kMaxRecent = 8;
const char *const kFilter = QT_TRANSLATE_NOOP("MainWindow", "GOAP scenarios (*.json);;All files (*)");
} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_document(new ScenarioDocument(this))
{
    initEditorResources();
    registerWindow(this, true);
    setObjectName(QStringLiteral("MainWindow"));
    setAcceptDrops(true);
    setDockNestingEnabled(true);

    m_scene = new MapScene(m_document, this);
    m_view = new MapView(m_scene, this);
    connect(m_scene, &MapScene::refused, this,
            [this](const QString &reason) { statusBar()->showMessage(reason, 8000); });
    m_run = new LiveRun(this, m_document, m_scene, this);
    m_dockLayout = new DockLayout(this);
    createDocks();
    createActions(); // File, Edit, View, Run, Window, Help
    arrangeDocks();
    connect(m_run, &LiveRun::started, this, [this] { m_docks.value(QStringLiteral("inspector"))->raise(); });
    auto *central = new QWidget(this);
    auto *column = new QVBoxLayout(central);
    column->setContentsMargins(0, 0, 0, 0);
    column->setSpacing(0);
    column->addWidget(m_run->strip());
    column->addWidget(m_view, 1);
    setCentralWidget(central);
    connect(m_run, &LiveRun::message, this, [this](const QString &text) {
        statusBar()->showMessage(text, 10000);
        m_docks.value(QStringLiteral("issues"))->raise();
    });
    connect(m_run, &LiveRun::characterSelected, this, [this](int character) {
        if (character >= 0 && character < scenario().agents.size()
            && m_outline->current() != ItemRef {EntityKind::Character, character})
            m_outline->select(ItemRef {EntityKind::Character, character});
    });

    connect(m_outline, &Outline::currentItemChanged, this, &MainWindow::showItem);
    connect(m_outline, &Outline::itemsSelected, this, &MainWindow::showItems);
    connect(m_scene, &MapScene::itemsClicked, this,
            [this](const QList<ItemRef> &refs) { m_outline->selectMany(refs); });
    connect(m_scene, &MapScene::itemClicked, m_outline, &Outline::select);
    connect(m_issues, &IssuesPanel::itemRequested, this, [this](const ItemRef &s) {
        m_outline->select(s);
        showItem(s);
    });
    connect(m_factForm, &FactForm::renamed, this,
            [this](const QString &to) { m_outline->select(ItemRef::ofFact(to)); });
    for (FormPage *form :
         std::initializer_list<FormPage *> {m_scenarioForm, m_factForm, m_stationForm, m_actionForm, m_goalForm,
                                            m_characterForm, m_templateForm, m_spawnerForm})
        connect(form, &FormPage::message, this, [this](const QString &text) { statusBar()->showMessage(text, 8000); });
    connect(m_document, &ScenarioDocument::modifiedChanged, this, &MainWindow::updateTitle);
    connect(m_document, &ScenarioDocument::fileNameChanged, this, &MainWindow::updateTitle);
    connect(m_document, &ScenarioDocument::changed, this, &MainWindow::updateTitle);

    QSettings settings;
    // 1280 x 800 where there is room for it; on a laptop's 1366 x 768 what
    // its screen has room for, less a title bar and a panel.
    resize(QSize(1280, 800).boundedTo(screen()->availableGeometry().size() * 0.9));
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    updateTitle();
    m_outline->select(ItemRef::settings());
    statusBar()->showMessage(tr("Ready"));
}

MainWindow::~MainWindow()
{
    registerWindow(this, false);
    // Docks and the map go one by one: none may call back into a half-destroyed window.
    m_outline->disconnect(this);
    m_scene->disconnect(this);
}

QDockWidget *MainWindow::addDock(const QString &name, const QString &title, QWidget *widget, Qt::DockWidgetArea area)
{
    auto *dock = new QDockWidget(title, this);
    dock->setObjectName(name + QStringLiteral("Dock")); // saveState() keys the layout by it
    dock->setWidget(widget);
    addDockWidget(area, dock);
    m_docks.insert(name, dock);
    m_dockOrder << dock;
    return dock;
}

QStringList MainWindow::dockNames() const
{
    QStringList names;
    for (QDockWidget *d : m_dockOrder)
        names << m_docks.key(d);
    return names;
}

QDockWidget *MainWindow::dock(const QString &name) const
{
    return m_docks.value(name);
}

void MainWindow::createDocks()
{
    m_outline = new Outline(m_document, this);
    m_outline->setMinimumWidth(160);
    addDock(QStringLiteral("outline"), tr("Outline"), m_outline, Qt::LeftDockWidgetArea);

    m_forms = new QStackedWidget(this);
    m_emptyForm = new QLabel(tr("Select an item in the outline or on the map to edit it."), this);
    static_cast<QLabel *>(m_emptyForm)->setWordWrap(true);
    static_cast<QLabel *>(m_emptyForm)->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_scenarioForm = new ScenarioForm(m_document, this);
    m_factForm = new FactForm(m_document, this);
    m_stationForm = new StationForm(m_document, this);
    m_actionForm = new ActionForm(m_document, this);
    m_goalForm = new GoalForm(m_document, this);
    m_characterForm = new CharacterForm(m_document, false, this);
    m_templateForm = new CharacterForm(m_document, true, this);
    m_spawnerForm = new SpawnerForm(m_document, this);
    for (QWidget *w : {m_emptyForm, static_cast<QWidget *>(m_scenarioForm), static_cast<QWidget *>(m_factForm),
                       static_cast<QWidget *>(m_stationForm), static_cast<QWidget *>(m_actionForm),
                       static_cast<QWidget *>(m_goalForm), static_cast<QWidget *>(m_characterForm),
                       static_cast<QWidget *>(m_templateForm), static_cast<QWidget *>(m_spawnerForm)})
        m_forms->addWidget(w);
    auto *scroll = new QScrollArea(this);
    scroll->setObjectName(QStringLiteral("propertiesScroll"));
    scroll->setWidget(m_forms);
    scroll->setWidgetResizable(true);
    // The forms fit the dock's width (long rows put the field under its
    // label): they scroll up and down only, and the dock is never narrower
    // than the widest form with a scroll bar beside it.
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setMinimumWidth(m_forms->minimumSizeHint().width() + scroll->verticalScrollBar()->sizeHint().width()
                            + 2 * scroll->frameWidth());
    addDock(QStringLiteral("properties"), tr("Properties"), scroll, Qt::RightDockWidgetArea);

    m_issues = new IssuesPanel(m_document, this);
    addDock(QStringLiteral("issues"), tr("Issues"), m_issues, Qt::BottomDockWidgetArea);

    m_history = new QUndoView(m_document->undoStack(), this);
    m_history->setEmptyLabel(tr("<opened>"));
    m_history->setUniformItemSizes(true); // the model resets at every step: rows of one height lay out at once
    addDock(QStringLiteral("history"), tr("History"), m_history, Qt::BottomDockWidgetArea);

    addDock(QStringLiteral("inspector"), tr("Inspector"), m_run->inspectorView(), Qt::RightDockWidgetArea);
    addDock(QStringLiteral("eventLog"), tr("Event Log"), m_run->eventLog(), Qt::BottomDockWidgetArea);
    addDock(QStringLiteral("charts"), tr("Charts"), m_run->charts(), Qt::BottomDockWidgetArea);

    // The production chain, laid out again 300 ms after the document last changed.
    m_chain = new ChainView(this);
    addDock(QStringLiteral("productionChain"), tr("Production Chain"), m_chain, Qt::BottomDockWidgetArea);
    m_search = new SearchView(this);
    addDock(QStringLiteral("searchTree"), tr("Search Tree"), m_search, Qt::BottomDockWidgetArea);
    connect(m_run->inspector(), &Inspector::searchRequested, this, [this](const SearchRequest &request) {
        QDockWidget *dock = m_docks.value(QStringLiteral("searchTree"));
        dock->show();
        dock->raise();
        m_search->showSearch(request);
    });
    m_breakpoints = new Breakpoints(m_run->controller(), this);
    m_breakpointsPanel = new BreakpointsPanel(m_breakpoints, m_document, this);
    addDock(QStringLiteral("breakpoints"), tr("Breakpoints"), m_breakpointsPanel, Qt::BottomDockWidgetArea);
    createPrefabsDock();
    connect(m_breakpoints, &Breakpoints::hit, this, [this](int, int character, const QString &text) {
        statusBar()->showMessage(text); // stays until the next message: the run waits on it
        if (character >= 0)
            m_run->selectCharacter(character);
    });
    connect(m_run->inspector(), &Inspector::breakRequested, this, [this](int character, sim::Breakpoint::Kind kind) {
        if (character < 0 || character >= scenario().agents.size())
            return;
        BreakpointSpec spec;
        spec.kind = kind;
        spec.character = scenario().agents[character].id;
        m_breakpoints->add(spec);
        statusBar()->showMessage(tr("Breakpoint: %1").arg(describe(spec, scenario())), 6000);
    });
    m_chainTimer = new QTimer(this);
    m_chainTimer->setSingleShot(true);
    m_chainTimer->setInterval(300);
    connect(m_run, &LiveRun::snapshotShown, this, [this](const CompiledScenario *s, const sim::Snapshot &snap) {
        if (m_chain->isVisible() || !s) // live values on the chain (a hidden dock catches up when shown)
            m_chain->showLive(s, snap);
    });
    connect(m_chainTimer, &QTimer::timeout, this, [this] {
        m_chain->setScenario(m_document->scenario(), m_document->issues());
        m_search->setScenario(m_document->scenario(), hasErrors(m_document->issues()));
    });
    connect(m_document, &ScenarioDocument::changed, m_chainTimer, qOverload<>(&QTimer::start));
    connect(m_document, &ScenarioDocument::documentReset, this, [this] {
        m_chain->setScenario(m_document->scenario(), m_document->issues());
        m_search->newDocument(m_document->scenario(), hasErrors(m_document->issues()));
    });
    connect(m_chain, &ChainView::nodeActivated, this, [this](const ChainNode &node) {
        // An entity is found again by its id: the chain is laid out a moment
        // after an edit, so the indices it holds may be behind the document's.
        m_outline->select(node.item.isEntity() ? ItemRef(findEntity(scenario(), node.item.entity.kind, node.id))
                                               : node.item);
    });
}

void MainWindow::arrangeDocks()
{
    // The default layout (a remembered one replaces it): the outline left; the
    // properties and the inspector tabbed right; issues and history tabbed
    // beside the event log under the map.
    auto dock = [this](const char *name) { return m_docks.value(QLatin1String(name)); };
    QDockWidget *outline = dock("outline"), *properties = dock("properties"), *inspector = dock("inspector");
    QDockWidget *issues = dock("issues"), *history = dock("history"), *log = dock("eventLog"), *charts = dock("charts"),
                *chain = dock("productionChain"), *search = dock("searchTree"), *breakpoints = dock("breakpoints");
    addDockWidget(Qt::BottomDockWidgetArea, issues);
    addDockWidget(Qt::BottomDockWidgetArea, log);
    splitDockWidget(issues, log, Qt::Horizontal);
    tabifyDockWidget(issues, history);
    tabifyDockWidget(log, charts);
    tabifyDockWidget(charts, chain);
    tabifyDockWidget(chain, search);
    tabifyDockWidget(history, breakpoints);
    tabifyDockWidget(properties, inspector);
    issues->raise();
    log->raise();
    properties->raise();
    resizeDocks({outline, properties}, {250, 420}, Qt::Horizontal);
    resizeDocks({issues, log}, {480, 620}, Qt::Horizontal);
    resizeDocks({issues}, {180}, Qt::Vertical);
}

void MainWindow::createActions()
{
    QToolBar *toolbar = addToolBar(tr("Main"));
    toolbar->setObjectName(QStringLiteral("mainToolbar"));
    toolbar->setIconSize(QSize(20, 20));
    createFileMenu(toolbar);
    createEditMenu(toolbar);
    createViewMenu();
    createRunMenu();
    createWindowMenu();
    createHelpMenu();
    updateRecentMenu();
}

void MainWindow::createFileMenu(QToolBar *toolbar)
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *newAction = file->addAction(QIcon::fromTheme(QStringLiteral("document-new")), tr("&New"), this, [this] {
        if (Workspace *workspace = this->workspace())
            workspace->newDocument(); // a new tab (or the blank one)
        else
            newDocument();
    });
    newAction->setShortcut(QKeySequence::New);
    QMenu *templates = file->addMenu(tr("New from &Template"));
    for (const QString &path : templateFiles()) {
        const auto r = readScenarioFile(path);
        templates->addAction(r.ok() ? QStringLiteral("%1 (%2)").arg(r.scenario->name, QFileInfo(path).fileName())
                                    : QFileInfo(path).fileName(),
                             this, [this, path] {
                                 if (Workspace *workspace = this->workspace())
                                     workspace->newFromTemplate(path);
                                 else
                                     newFromTemplate(path);
                             });
    }
    templates->setEnabled(!templates->isEmpty());
    QAction *openAction
        = file->addAction(QIcon(QStringLiteral(":/icons/open.svg")), tr("&Open..."), this, &MainWindow::openDialog);
    openAction->setShortcut(QKeySequence::Open);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    file->addSeparator();
    QAction *saveAction
        = file->addAction(QIcon(QStringLiteral(":/icons/save.svg")), tr("&Save"), this, [this] { save(); });
    saveAction->setShortcut(QKeySequence::Save);
    QAction *saveAsAction = file->addAction(tr("Save &As..."), this, [this] { saveAsDialog(); });
    saveAsAction->setShortcut(QKeySequence::SaveAs);
    file->addAction(tr("Save a &Copy..."), this, [this] {
        const QString name
            = saveFileName(this, QStringLiteral("scenario"), tr("%1 copy").arg(scenario().name), tr(kFilter),
                           QStringLiteral("json"), tr("Save a Copy"), QFileInfo(fileName()).absolutePath());
        if (!name.isEmpty())
            saveCopy(name);
    });
    file->addAction(tr("&Export Summary (Markdown)..."), this, [this] {
        // Exports start in the folder of the last export, not the scenario's.
        const QString name
            = saveFileName(this, QStringLiteral("markdown"), scenario().name, tr("Markdown (*.md);;All files (*)"),
                           QStringLiteral("md"), tr("Export Summary"));
        if (!name.isEmpty())
            exportSummary(name);
    });
    addCompareMenu(file);
    QAction *revertAction = file->addAction(tr("Re&vert"), this, [this] { revertAsking(); });
    connect(m_document, &ScenarioDocument::modifiedChanged, revertAction,
            [this, revertAction] { revertAction->setEnabled(m_document->isModified() && !fileName().isEmpty()); });
    revertAction->setEnabled(false);
    file->addSeparator();
    // The window closes, with every tab of it when this is a tab.
    QAction *quit = file->addAction(tr("&Quit"), this, [this] { window()->close(); });
    quit->setShortcut(QKeySequence::Quit);
    toolbar->addAction(openAction);
    toolbar->addAction(saveAction);
    toolbar->addSeparator();
}

void MainWindow::createEditMenu(QToolBar *toolbar)
{
    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    QAction *undo = m_document->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    undo->setIcon(QIcon(QStringLiteral(":/icons/undo.svg")));
    QAction *redo = m_document->undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    redo->setIcon(QIcon(QStringLiteral(":/icons/redo.svg")));
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    m_items = new ItemActions(this);
    edit->addAction(m_items->addFact());
    for (EntityKind kind : {EntityKind::Station, EntityKind::Action, EntityKind::Goal, EntityKind::Character}) {
        edit->addAction(m_items->add(kind));
        toolbar->addAction(m_items->add(kind));
    }
    edit->addAction(m_items->add(EntityKind::Template));
    edit->addAction(m_items->add(EntityKind::Spawner));
    m_wallTools = new WallTools(m_scene, m_view, this);
    connect(m_wallTools, &WallTools::message, this,
            [this](const QString &text) { statusBar()->showMessage(text); }); // kept while the tool is on
    for (QAction *tool : m_wallTools->actions()) {
        edit->addAction(tool);
        toolbar->addAction(tool);
    }
    edit->addSeparator();
    edit->addActions({m_items->duplicate(), m_items->rename(), m_items->remove()});
    createClipboardActions(edit);
    m_outline->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_outline, &QWidget::customContextMenuRequested, this, [this](const QPoint &pos) {
        const ItemRef item = m_outline->contextItemAt(pos);
        if (item.isNothing())
            return;
        m_outline->select(item);
        std::unique_ptr<QMenu> menu(outlineMenu(m_outline->current()));
        if (!menu->isEmpty())
            menu->exec(m_outline->viewport()->mapToGlobal(pos));
    });
    toolbar->addAction(m_items->remove());
    toolbar->addSeparator();
    toolbar->addAction(undo);
    toolbar->addAction(redo);
}

void MainWindow::createViewMenu()
{
    m_viewMenu = menuBar()->addMenu(tr("&View"));
    // Every dock, Alt+1 to Alt+9, then Alt+0, in the order made; those after
    // the tenth Alt+Shift+1, Alt+Shift+2...
    for (int i = 0; i < m_dockOrder.size(); ++i) {
        QAction *toggle = m_dockOrder[i]->toggleViewAction();
        if (i < 10)
            toggle->setShortcut(QKeySequence(Qt::ALT | Qt::Key(i < 9 ? Qt::Key_1 + i : Qt::Key_0)));
        else if (i < 19)
            toggle->setShortcut(QKeySequence(Qt::ALT | Qt::SHIFT | Qt::Key(Qt::Key_1 + i - 10)));
        m_viewMenu->addAction(toggle);
    }
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(m_dockLayout->maximizeAction());
    m_viewMenu->addAction(m_dockLayout->popOutAction());
    m_viewMenu->addSeparator();
    m_follow = m_viewMenu->addAction(tr("&Follow Selected Character"));
    m_follow->setObjectName(QStringLiteral("followSelected"));
    m_follow->setCheckable(true);
    m_follow->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_J));
    m_follow->setToolTip(tr("The map keeps the character selected in the run in its middle as it walks"));
    connect(m_follow, &QAction::toggled, this, [this](bool on) {
        if (on)
            follow();
    });
    connect(m_run, &LiveRun::snapshotShown, this, [this] { follow(); });
    connect(m_run, &LiveRun::characterSelected, this, [this] { follow(); });
    m_reachable = new ReachableOverlay(m_document, m_scene, m_run, this);
    m_viewMenu->addAction(m_reachable->action());
    m_scene->addContextAction(m_reachable->action());
    m_viewMenu->addAction(tr("&Fit Map"), this, [this] { m_view->fitMap(); });
    QAction *zoomIn = m_viewMenu->addAction(tr("Zoom &In"), this, [this] { m_view->zoomBy(1.25); });
    zoomIn->setShortcut(QKeySequence::ZoomIn);
    QAction *zoomOut = m_viewMenu->addAction(tr("Zoom &Out"), this, [this] { m_view->zoomBy(0.8); });
    zoomOut->setShortcut(QKeySequence::ZoomOut);
}

void MainWindow::createRunMenu()
{
    QMenu *run = menuBar()->addMenu(tr("&Run"));
    m_run->addToMenu(run);
    run->addSeparator();
    QAction *sweep = run->addAction(tr("S&weep..."), this, [this] { showSweep(); });
    sweep->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_S));
    sweep->setToolTip(tr("Vary numbers of the scenario over ranges and compare every variant's day"));
    QToolBar *runBar = addToolBar(tr("Run"));
    runBar->setObjectName(QStringLiteral("runToolbar"));
    runBar->setIconSize(QSize(20, 20));
    m_run->addToToolbar(runBar);
}

void MainWindow::follow()
{
    const int character = m_run->inspector()->character();
    if (!m_follow->isChecked() || character < 0 || !m_run->controller()->hasRun())
        return;
    const QPointF at = m_run->layer()->tokenPosition(character);
    if (!at.isNull())
        m_view->centerOn(at);
}

QAction *MainWindow::wallToolAction() const
{
    return m_wallTools->rectangle();
}
QAction *MainWindow::wallBrushAction() const
{
    return m_wallTools->brush();
}
QAction *MainWindow::wallEraserAction() const
{
    return m_wallTools->eraser();
}

void MainWindow::createHelpMenu()
{
    QMenu *help = menuBar()->addMenu(tr("&Help"));
    QAction *start = help->addAction(tr("&Getting Started"), this, [this] { showHelp(HelpPage::GettingStarted); });
    start->setShortcut(QKeySequence::HelpContents);
    help->addAction(tr("&Keyboard Shortcuts"), this, [this] { showHelp(HelpPage::Shortcuts); });
    help->addSeparator();
    help->addAction(tr("&About GOAP Studio"), this, [this] {
        QMessageBox::about(
            this, tr("About GOAP Studio"),
            tr("<b>GOAP Studio %1</b><p>A scenario editor and simulator for Goal-Oriented Action Planning.</p>"
               "<p>Licensed under the GNU GPL, version 3 or later.</p>")
                .arg(QApplication::applicationVersion()));
    });
}

QString MainWindow::helpText(HelpPage page) const
{
    if (page == HelpPage::GettingStarted)
        return gettingStartedHtml();
    // Read from the menus themselves, so the list is never out of date.
    QString rows;
    for (QAction *menuAction : menuBar()->actions()) {
        QMenu *menu = menuAction->menu();
        if (!menu)
            continue;
        for (QAction *a : menu->actions()) {
            if (a->shortcut().isEmpty())
                continue;
            rows += QStringLiteral("<tr><td>%1 &gt; %2</td><td><b>%3</b></td></tr>")
                        .arg(menuAction->text().remove(u'&'), a->text().remove(u'&').toHtmlEscaped(),
                             a->shortcut().toString(QKeySequence::NativeText).toHtmlEscaped());
        }
    }
    return tr("<h2>Keyboard shortcuts</h2><table cellspacing=6>%1"
              "<tr><td>Outline, map</td><td><b>Delete</b> delete, <b>F2</b> rename, <b>Ctrl+D</b> duplicate</td></tr>"
              "<tr><td>Fact tables</td><td><b>Tab</b> next cell, <b>Return</b> commit, <b>Escape</b> drop a new "
              "row</td></tr>"
              "</table>")
        .arg(rows);
}

void MainWindow::showHelp(HelpPage page)
{
    auto *dialog = new QDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setObjectName(QStringLiteral("helpDialog"));
    dialog->setWindowTitle(page == HelpPage::GettingStarted ? tr("Getting Started") : tr("Keyboard Shortcuts"));
    auto *browser = new QTextBrowser(dialog);
    browser->setOpenExternalLinks(true);
    browser->setHtml(helpText(page));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::close);
    auto *layout = new QVBoxLayout(dialog);
    layout->addWidget(browser);
    layout->addWidget(buttons);
    dialog->resize(640, 600);
    dialog->show();
}

QStringList MainWindow::templateFiles()
{
    const QString app = QApplication::applicationDirPath();
    const QStringList dirs
        = {app + QStringLiteral("/../share/goap-studio/scenarios"), // installed, and the build tree's link
           app + QStringLiteral("/../scenarios")};
    for (const QString &d : dirs) {
        const QDir dir(d);
        const QStringList files = dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
        if (!files.isEmpty()) {
            QStringList out;
            for (const QString &f : files)
                out << dir.absoluteFilePath(f);
            return out;
        }
    }
    return {};
}

QWidget *MainWindow::currentForm() const
{
    return m_forms->currentWidget();
}

FormPage *MainWindow::formOf(EntityKind kind) const
{
    switch (kind) {
    case EntityKind::Station:
        return m_stationForm;
    case EntityKind::Action:
        return m_actionForm;
    case EntityKind::Goal:
        return m_goalForm;
    case EntityKind::Character:
        return m_characterForm;
    case EntityKind::Template:
        return m_templateForm;
    case EntityKind::Spawner:
        break;
    }
    return m_spawnerForm;
}

void MainWindow::showItem(const ItemRef &item)
{
    m_scene->selectItem(item);
    m_chain->select(item); // the chain brings out the same item, when it is one of its nodes
    if (item.isSettings()) {
        m_scenarioForm->refresh();
        m_forms->setCurrentWidget(m_scenarioForm);
        return;
    }
    if (item.isFact() && !item.fact.isEmpty()) {
        m_factForm->setFact(item.fact);
        m_forms->setCurrentWidget(m_factForm);
        return;
    }
    if (!item.isEntity() || item.index() < 0) {
        m_forms->setCurrentWidget(m_emptyForm);
        return;
    }
    // An entity: the form of its kind, at its index.
    if (item.isEntity(EntityKind::Character) && m_run->controller()->hasRun()
        && m_run->inspector()->character() != item.index())
        m_run->selectCharacter(item.index());
    FormPage *form = formOf(item.entity.kind);
    form->setIndex(item.index());
    m_forms->setCurrentWidget(form);
}

SweepDialog *MainWindow::showSweep()
{
    if (!m_sweep) {
        m_sweep = new SweepDialog(m_document, this);
        connect(m_sweep, &SweepDialog::openVariant, this, [this](const Scenario &variant) {
            if (Workspace *workspace = this->workspace()) {
                workspace->openBeside(this, variant); // a tab beside this one's
                return;
            }
            // A new document beside this one, in a window of its own: the
            // document open here is neither asked about nor replaced.
            auto *window = new MainWindow;
            window->setAttribute(Qt::WA_DeleteOnClose);
            window->document()->reset(variant, {}); // unsaved: Save asks where
            window->outline()->select(ItemRef::settings());
            window->show();
            tileSideBySide(window); // the original on the left, the variant beside it
            window->statusBar()->showMessage(tr("Opened %1: press Play to run it").arg(variant.name), 8000);
        });
    }
    m_sweep->show();
    m_sweep->raise();
    return m_sweep;
}

void MainWindow::showItems(const QList<ItemRef> &items)
{
    if (items.isEmpty())
        return;
    const EntityKind kind = items.first().entity.kind;
    QList<int> indices;
    for (const ItemRef &item : items)
        indices << item.index();
    m_scene->selectItems(items);
    if (kind != EntityKind::Spawner) {
        FormPage *form = formOf(kind);
        form->setIndices(indices);
        m_forms->setCurrentWidget(form);
        return;
    }
    showItem(items.first()); // spawners are edited one at a time: the first
    statusBar()->showMessage(tr("Several items selected: characters, stations, actions and goals are edited together; "
                                "this form shows the first"),
                             6000);
}

QMenu *MainWindow::outlineMenu(const ItemRef &item)
{
    auto *menu = new QMenu(this);
    menu->setObjectName(QStringLiteral("outlineMenu"));
    if (QAction *add = item.isFact() ? m_items->addFact() : item.isEntity() ? m_items->add(item.entity.kind) : nullptr)
        menu->addAction(add);
    if (item.isOne()) {
        menu->addSeparator();
        if (!item.isFact())
            menu->addAction(m_items->duplicate());
        if (!item.isEntity(EntityKind::Spawner))
            menu->addAction(m_items->rename());
        if (!item.isFact())
            menu->addAction(m_items->remove());
    } else if (item.isSettings()) {
        menu->addAction(m_items->rename());
    }
    if (item.isEntity()) { // an entity or its section: what the clipboard does there
        menu->addSeparator();
        for (QAction *a : m_clipboardActions)
            if (item.isOne() || a == m_clipboardActions.back())
                menu->addAction(a);
    }
    if (item.isFact() && !item.fact.isEmpty()) {
        // A character's own fact is watched on one character: the one the run shows, else the first.
        menu->addSeparator();
        const auto breakOn = [this, fact = item.fact](BreakpointSpec::Kind kind) {
            BreakpointSpec spec;
            spec.kind = kind;
            spec.fact = fact;
            const int character = m_run->inspector()->character();
            if (fact.startsWith(QLatin1String("agent.")) && character >= 0 && character < scenario().agents.size())
                spec.character = scenario().agents[character].id;
            m_docks.value(QStringLiteral("breakpoints"))->show();
            m_docks.value(QStringLiteral("breakpoints"))->raise();
            m_breakpointsPanel->addWithDialog(spec);
        };
        menu->addAction(tr("Break When It &Rises To..."), this,
                        [breakOn] { breakOn(BreakpointSpec::Kind::FactRises); });
        menu->addAction(tr("Break When It &Falls Below..."), this,
                        [breakOn] { breakOn(BreakpointSpec::Kind::FactFalls); });
    }
    return menu;
}

bool MainWindow::confirm(const QString &title, const QString &text, const QString &detail, const QString &accept)
{
    QMessageBox box(QMessageBox::Warning, title, text, QMessageBox::NoButton, this);
    box.setObjectName(QStringLiteral("confirmDialog"));
    box.setInformativeText(detail);
    QPushButton *yes = box.addButton(accept, QMessageBox::DestructiveRole);
    box.addButton(QMessageBox::Cancel);
    box.setDefaultButton(QMessageBox::Cancel);
    box.exec();
    return box.clickedButton() == yes;
}

void MainWindow::updateTitle()
{
    const QString shown
        = fileName().isEmpty() ? tr("%1 (unsaved)").arg(scenario().name) : QFileInfo(fileName()).fileName();
    setWindowTitle(QStringLiteral("%1[*] — GOAP Studio").arg(shown));
    setWindowModified(m_document->isModified());
}

bool MainWindow::maybeSave()
{
    if (!m_document->isModified())
        return true;
    const QMessageBox::StandardButton answer = m_savePrompt
        ? m_savePrompt()
        : QMessageBox::warning(this, tr("Unsaved changes"),
                               tr("\"%1\" has unsaved changes. Save them first?").arg(scenario().name),
                               QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

bool MainWindow::newDocument()
{
    if (!maybeSave())
        return false;
    m_document->reset(newScenario(), {});
    m_outline->select(ItemRef::settings());
    statusBar()->showMessage(tr("New scenario"), 4000);
    return true;
}

bool MainWindow::newFromTemplate(const QString &path)
{
    if (!maybeSave())
        return false;
    ReadResult r = readScenarioFile(path);
    if (!r.ok()) {
        m_issues->showFileErrors(r.issues, path);
        return false;
    }
    m_document->reset(*r.scenario, {}); // a copy: saving asks where
    m_outline->select(ItemRef::settings());
    m_view->fitMap();
    statusBar()->showMessage(tr("New scenario from %1").arg(QFileInfo(path).fileName()), 4000);
    return true;
}

void MainWindow::openDialog()
{
    const QString folder
        = fileName().isEmpty() ? lastFolder(QStringLiteral("scenario")) : QFileInfo(fileName()).absolutePath();
    const QString name = QFileDialog::getOpenFileName(this, tr("Open Scenario"), folder, tr(kFilter));
    if (!name.isEmpty()) {
        rememberFolder(QStringLiteral("scenario"), name);
        openHere(name);
    }
}

bool MainWindow::openFile(const QString &name)
{
    if (!maybeSave())
        return false;
    ReadResult r = readScenarioFile(name);
    if (!r.ok()) {
        m_issues->showFileErrors(r.issues, name);
        m_docks.value(QStringLiteral("issues"))->raise();
        statusBar()->showMessage(
            tr("%1 could not be opened: %n error(s), listed in Issues", nullptr, int(errorCount(r.issues)))
                .arg(QFileInfo(name).fileName()),
            10000);
        return false;
    }
    m_document->reset(*r.scenario, QFileInfo(name).absoluteFilePath());
    rememberRecent(fileName());
    m_outline->select(ItemRef::settings());
    m_view->fitMap();
    statusBar()->showMessage(tr("Opened %1").arg(QFileInfo(fileName()).fileName()),
                             4000); // the title bar has the folder
    return true;
}

bool MainWindow::save()
{
    if (fileName().isEmpty())
        return saveAsDialog();
    return saveAs(fileName());
}

bool MainWindow::saveAsDialog()
{
    const QString folder = fileName().isEmpty() ? QString() : QFileInfo(fileName()).absolutePath();
    const QString name = m_saveAsPrompt ? withSuffix(m_saveAsPrompt(), QStringLiteral("json"))
                                        : saveFileName(this, QStringLiteral("scenario"), scenario().name, tr(kFilter),
                                                       QStringLiteral("json"), tr("Save Scenario"), folder);
    return !name.isEmpty() && saveAs(name);
}

bool MainWindow::saveAs(const QString &name)
{
    if (const QString error = saveScenarioFile(scenario(), name); !error.isEmpty()) {
        QMessageBox::critical(this, tr("Cannot save"), error);
        return false;
    }
    m_document->setFileName(QFileInfo(name).absoluteFilePath());
    m_document->markSaved();
    rememberRecent(fileName());
    updateTitle();
    statusBar()->showMessage(tr("Saved %1").arg(fileName()), 4000);
    return true;
}

bool MainWindow::saveCopy(const QString &name)
{
    if (const QString error = saveScenarioFile(scenario(), name); !error.isEmpty()) {
        QMessageBox::critical(this, tr("Cannot save"), error);
        return false;
    }
    statusBar()->showMessage(tr("Saved a copy to %1").arg(name), 4000);
    return true;
}

bool MainWindow::exportSummary(const QString &name)
{
    if (const QString why = saveFileSafely(name, markdownSummary(scenario()).toUtf8()); !why.isEmpty()) {
        QMessageBox::critical(this, tr("Cannot export"), why);
        return false;
    }
    statusBar()->showMessage(tr("Exported the summary to %1").arg(name), 4000);
    return true;
}

bool MainWindow::revert()
{
    if (fileName().isEmpty())
        return false;
    ReadResult r = readScenarioFile(fileName());
    if (!r.ok()) {
        m_issues->showFileErrors(r.issues, fileName());
        return false;
    }
    m_document->revertTo(*r.scenario);
    statusBar()->showMessage(
        tr("Reverted to the saved %1 (Undo brings the changes back)").arg(QFileInfo(fileName()).fileName()), 8000);
    return true;
}

bool MainWindow::revertAsking()
{
    if (fileName().isEmpty())
        return false;
    const QString name = QFileInfo(fileName()).fileName();
    if (m_document->isModified()
        && !confirm(tr("Revert %1?").arg(name),
                    tr("Discard the changes made since %1 was saved, and reload it?").arg(name),
                    tr("Undo (Ctrl+Z) brings the changes back."), tr("Revert")))
        return false;
    return revert();
}

void MainWindow::rememberRecent(const QString &name)
{
    QSettings settings;
    QStringList recent = settings.value(QStringLiteral("recentFiles")).toStringList();
    recent.removeAll(name);
    recent.prepend(name);
    settings.setValue(QStringLiteral("recentFiles"), recent.mid(0, kMaxRecent));
    updateRecentMenu();
}

void MainWindow::updateRecentMenu()
{
    m_recentMenu->clear();
    const QStringList recent = QSettings().value(QStringLiteral("recentFiles")).toStringList();
    for (const QString &f : recent)
        m_recentMenu->addAction(QFileInfo(f).fileName(), this, [this, f] { openHere(f); })->setToolTip(f);
    if (!recent.isEmpty()) {
        m_recentMenu->addSeparator();
        m_recentMenu->addAction(tr("Clear the List"), this, [this] {
            QSettings().remove(QStringLiteral("recentFiles"));
            updateRecentMenu();
        });
    }
    m_recentMenu->setEnabled(!recent.isEmpty());
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), m_dockLayout->layoutToSave());
    event->accept();
}

void MainWindow::contextMenuEvent(QContextMenuEvent *event)
{
    QDockWidget *dock = nullptr;
    for (QWidget *w = childAt(event->pos()); w && !dock; w = w->parentWidget())
        dock = qobject_cast<QDockWidget *>(w);
    if (!dock || dock->parentWidget() != this) {
        QMainWindow::contextMenuEvent(event); // toolbars: which docks and toolbars show
        return;
    }
    std::unique_ptr<QMenu> menu(createPopupMenu());
    if (!menu)
        menu = std::make_unique<QMenu>();
    QAction *first = menu->actions().value(0);
    auto *own = new QMenu(menu.get());
    m_dockLayout->addActionsFor(dock, own);
    menu->insertActions(first, own->actions());
    menu->insertSeparator(first);
    menu->setObjectName(QStringLiteral("dockMenu"));
    menu->exec(event->globalPos());
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.size() == 1 && urls.first().isLocalFile()
        && urls.first().toLocalFile().endsWith(u".json", Qt::CaseInsensitive))
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    openHere(event->mimeData()->urls().first().toLocalFile());
    event->acceptProposedAction();
}

void MainWindow::openHere(const QString &name)
{
    if (Workspace *workspace = this->workspace())
        workspace->openFile(name);
    else
        openFile(name);
}

bool MainWindow::inspect(const QString &characterId)
{
    const int index = scenario().indexOfAgent(characterId);
    if (index < 0) { // a spawned copy: known to the run only
        const std::vector<QString> &ids = m_run->controller()->events().agentIds;
        const auto found = std::find(ids.begin(), ids.end(), characterId);
        if (found == ids.end())
            return false;
        m_run->selectCharacter(int(found - ids.begin()));
        return true;
    }
    m_outline->select(ItemRef {EntityKind::Character, index});
    m_run->selectCharacter(index);
    return true;
}

bool MainWindow::saveScreenshot(const QString &name)
{
    show();
    QApplication::processEvents();
    m_view->fitMap();
    QApplication::processEvents();
    const QPixmap pixmap = grab();
    if (!pixmap.save(name)) {
        qWarning("cannot write %s", qPrintable(name));
        return false;
    }
    return true;
}

} // namespace goap::editor
