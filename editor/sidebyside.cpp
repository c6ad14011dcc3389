// Documents side by side (issue #29): File > Compare With (a file or another
// open window's or tab's document, shown by a DiffDialog) and Window > Tile
// Side by Side. MainWindow's members kept apart from mainwindow.cpp, which
// only wires the menus. Tabs and the split view are the Workspace's
// (workspace.h); a MainWindow is a tab there, or a window of its own.
#include "mainwindow.h"

#include "docks/diffdialog.h"
#include "filedialogs.h"
#include "io/scenarioreader.h"
#include "run/chartspanel.h"
#include "run/liverun.h"
#include "workspace.h"

#include <QApplication>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QScreen>
#include <QStatusBar>

namespace goap::editor {

namespace {

// Every MainWindow alive, in the order made: windows and tabs alike.
QList<MainWindow *> &allWindows()
{
    static QList<MainWindow *> windows;
    return windows;
}

QString windowName(const MainWindow *w)
{
    return MainWindow::displayName(w);
}

} // namespace

QString MainWindow::displayName(const MainWindow *w)
{
    const QString file = w->fileName().isEmpty() ? tr("unsaved") : QFileInfo(w->fileName()).fileName();
    return QStringLiteral("%1 (%2)").arg(w->scenario().name, file);
}

void MainWindow::registerWindow(MainWindow *window, bool alive)
{
    if (alive)
        allWindows() << window;
    else
        allWindows().removeAll(window);
}

Workspace *MainWindow::workspace() const
{
    return Workspace::of(this);
}

QList<MainWindow *> MainWindow::openWindows()
{
    // A tab counts while its window is shown, in front or not.
    QList<MainWindow *> out;
    for (MainWindow *window : allWindows())
        if (Workspace *workspace = window->workspace();
            workspace ? workspace->isVisible() && workspace->groupOf(window) >= 0 : window->isVisible())
            out << window;
    return out;
}

DiffDialog *MainWindow::showDiff(DiffDialog *dialog)
{
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &DiffDialog::itemActivated, this, [this](const ItemRef &item) {
        m_outline->select(item);
        if (Workspace *workspace = this->workspace())
            workspace->activate(this); // its tab in front
        window()->activateWindow();
    });
    dialog->show();
    return dialog;
}

DiffDialog *MainWindow::compareWithFile(const QString &file)
{
    const ReadResult r = readScenarioFile(file);
    if (!r.ok()) {
        QStringList errors;
        for (const Issue &issue : r.issues)
            if (issue.isError() && errors.size() < 5)
                errors << issue.format(QFileInfo(file).fileName());
        QMessageBox::warning(this, tr("Compare With"), tr("%1 cannot be read:\n%2").arg(file, errors.join(u'\n')));
        return nullptr;
    }
    return showDiff(new DiffDialog(m_document, *r.scenario, QFileInfo(file).fileName(), this));
}

DiffDialog *MainWindow::compareWithWindow(MainWindow *other)
{
    return showDiff(new DiffDialog(m_document, other->document(), windowName(other), this));
}

void MainWindow::tileSideBySide(MainWindow *other)
{
    if (!other || other == this)
        return;
    if (workspace() && workspace() == other->workspace())
        return workspace()->showSideBySide(this, other); // two tabs: a split view
    QWidget *const mine = window(), *const theirs = other->window();
    if (mine == theirs)
        return;
    // Each window's frame fills its half of the screen's free area; the
    // frame's margins come off the client geometry setGeometry() takes.
    const QRect area = (screen() ? screen() : QGuiApplication::primaryScreen())->availableGeometry();
    const int half = area.width() / 2;
    const QRect left(area.left(), area.top(), half, area.height());
    const QRect right(area.left() + half, area.top(), area.width() - half, area.height());
    for (auto [window, frame] : {std::pair {mine, left}, std::pair {theirs, right}}) {
        window->showNormal();
        const QMargins margins(window->geometry().left() - window->frameGeometry().left(),
                               window->geometry().top() - window->frameGeometry().top(),
                               window->frameGeometry().right() - window->geometry().right(),
                               window->frameGeometry().bottom() - window->geometry().bottom());
        window->setGeometry(frame.marginsRemoved(margins));
    }
}

bool MainWindow::compareRunWith(MainWindow *other)
{
    if (!other || other == this)
        return false;
    if (!m_run->charts()->pinBaselineFrom(*other->liveRun()->charts())) {
        statusBar()->showMessage(
            tr("%1 has no run at rest to compare with: pause it or let its day end").arg(windowName(other)), 8000);
        return false;
    }
    if (QDockWidget *charts = dock(QStringLiteral("charts"))) {
        charts->show();
        charts->raise();
    }
    statusBar()->showMessage(tr("The charts compare this run with %1's").arg(windowName(other)), 8000);
    return true;
}

void MainWindow::addCompareMenu(QMenu *file)
{
    QMenu *compare = file->addMenu(tr("Compare &With"));
    compare->setObjectName(QStringLiteral("compareWithMenu"));
    compare->setToolTip(tr("This scenario against a file or another window's, entity by entity and field by field"));
    // Listed when opened: windows come and go.
    connect(compare, &QMenu::aboutToShow, this, [this, compare] {
        compare->clear();
        compare->addAction(tr("&File..."), this, [this] {
            const QString folder
                = fileName().isEmpty() ? lastFolder(QStringLiteral("scenario")) : QFileInfo(fileName()).absolutePath();
            const QString name = QFileDialog::getOpenFileName(this, tr("Compare With"), folder,
                                                              tr("Scenarios (*.json);;All files (*)"));
            if (!name.isEmpty())
                compareWithFile(name);
        });
        const QList<MainWindow *> windows = openWindows();
        if (windows.size() > 1)
            compare->addSeparator();
        for (MainWindow *other : windows)
            if (other != this)
                compare->addAction(windowName(other), this, [this, window = QPointer<MainWindow>(other)] {
                    if (window)
                        compareWithWindow(window);
                });
    });
}

void MainWindow::createWindowMenu()
{
    QMenu *window = menuBar()->addMenu(tr("&Window"));
    window->setObjectName(QStringLiteral("windowMenu"));
    m_windowMenu = window; // the Workspace adds its tab actions
    QAction *tile = window->addAction(tr("&Tile Side by Side"), this, [this] {
        // With several others, the one opened last (a sweep variant, say).
        const QList<MainWindow *> windows = openWindows();
        for (qsizetype i = windows.size() - 1; i >= 0; --i)
            if (windows[i] != this)
                return tileSideBySide(windows[i]);
    });
    tile->setObjectName(QStringLiteral("tileSideBySide"));
    tile->setToolTip(tr("This window on the left half of the screen, the other open one on the right "
                        "(two tabs of one window: a split view)"));
    connect(window, &QMenu::aboutToShow, tile, [tile] { tile->setEnabled(openWindows().size() > 1); });
    QMenu *runs = window->addMenu(tr("Compare &Run With"));
    runs->setObjectName(QStringLiteral("compareRunWithMenu"));
    runs->setToolTip(tr("Another window's run as the baseline of this one's charts and Compare tab"));
    connect(runs, &QMenu::aboutToShow, this, [this, runs] {
        runs->clear();
        for (MainWindow *other : openWindows())
            if (other != this)
                runs->addAction(windowName(other), this, [this, w = QPointer<MainWindow>(other)] {
                    if (w)
                        compareRunWith(w);
                });
        if (runs->isEmpty())
            runs->addAction(tr("(no other window)"))->setEnabled(false);
    });
}

} // namespace goap::editor
