#include "docklayout.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QMainWindow>
#include <QMenu>
#include <QScreen>

namespace goap::editor {

DockLayout::DockLayout(QMainWindow *window)
    : QObject(window)
    , m_window(window)
    , m_maximize(new QAction(tr("&Maximize Dock"), this))
    , m_popOut(new QAction(tr("&Pop Out Dock"), this))
{
    m_maximize->setObjectName(QStringLiteral("maximizeDock"));
    m_maximize->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_M));
    m_maximize->setToolTip(tr("The dock you work in fills the window (again: the layout as it was)"));
    m_popOut->setObjectName(QStringLiteral("popOutDock"));
    m_popOut->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
    m_popOut->setToolTip(tr("The dock you work in in a window of its own (again: docked back)"));
    // Heard in a popped-out dock's window too.
    for (QAction *a : {m_maximize, m_popOut})
        a->setShortcutContext(Qt::ApplicationShortcut);
    connect(m_maximize, &QAction::triggered, this, [this] {
        if (m_maximized)
            restore();
        else if (QDockWidget *dock = current())
            maximize(dock);
    });
    connect(m_popOut, &QAction::triggered, this, [this] {
        if (QDockWidget *dock = current())
            dock->isFloating() ? dockBack(dock) : popOut(dock);
    });
    connect(qApp, &QApplication::focusChanged, this, [this](QWidget *, QWidget *now) { remember(now); });
}

void DockLayout::remember(QWidget *focus)
{
    for (QWidget *w = focus; w; w = w->parentWidget())
        if (auto *dock = qobject_cast<QDockWidget *>(w); dock && dock->parentWidget() == m_window) {
            m_lastFocused = dock;
            return;
        }
}

QDockWidget *DockLayout::current() const
{
    return m_maximized ? m_maximized.data() : m_lastFocused.data();
}

void DockLayout::maximize(QDockWidget *dock)
{
    if (!dock || m_maximized == dock)
        return;
    if (m_maximized)
        restore();
    m_before = m_window->saveState();
    if (dock->isFloating())
        dock->setFloating(false);
    for (QDockWidget *other : m_window->findChildren<QDockWidget *>())
        if (other != dock && other->parentWidget() == m_window)
            other->hide();
    if (QWidget *central = m_window->centralWidget())
        central->hide(); // the dock areas take the whole window
    dock->show();
    dock->raise();
    m_maximized = dock;
    m_maximize->setText(tr("Restore &Layout"));
}

void DockLayout::restore()
{
    if (!m_maximized)
        return;
    m_maximized = nullptr;
    if (QWidget *central = m_window->centralWidget())
        central->show();
    m_window->restoreState(m_before);
    m_before.clear();
    m_maximize->setText(tr("&Maximize Dock"));
}

void DockLayout::popOut(QDockWidget *dock)
{
    if (!dock)
        return;
    if (m_maximized == dock)
        restore();
    dock->show();
    dock->setFloating(true);
    m_lastFocused = dock; // the one worked in, until the focus goes into another
    // A window of a useful size, over the main window and on its screen.
    const QRect screen = m_window->screen() ? m_window->screen()->availableGeometry() : QRect(0, 0, 1024, 768);
    const QSize size(std::min(900, screen.width() * 2 / 3), std::min(600, screen.height() * 2 / 3));
    dock->resize(size.expandedTo(dock->minimumSizeHint()).boundedTo(screen.size()));
    dock->move(m_window->geometry().center() - QPoint(dock->width() / 2, dock->height() / 2));
    dock->raise();
    dock->activateWindow();
}

void DockLayout::dockBack(QDockWidget *dock)
{
    if (dock)
        dock->setFloating(false);
}

QByteArray DockLayout::layoutToSave() const
{
    return m_maximized ? m_before : m_window->saveState();
}

void DockLayout::addActionsFor(QDockWidget *dock, QMenu *menu)
{
    const QString title = dock->windowTitle();
    if (m_maximized == dock)
        menu->addAction(tr("Restore &Layout"), this, &DockLayout::restore);
    else
        menu->addAction(tr("&Maximize %1").arg(title), this, [this, dock] { maximize(dock); });
    if (dock->isFloating())
        menu->addAction(tr("&Dock %1 Back").arg(title), this, [this, dock] { dockBack(dock); });
    else
        menu->addAction(tr("&Pop Out %1").arg(title), this, [this, dock] { popOut(dock); });
}

} // namespace goap::editor
