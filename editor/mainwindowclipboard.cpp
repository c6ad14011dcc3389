// The main window's copy, cut, paste and prefabs (issue #29), apart from
// mainwindow.cpp: the fragments themselves are model/fragment.h's.

#include "mainwindow.h"

#include "docks/prefabs.h"
#include "document/fragmentclipboard.h"
#include "model/fragment.h"

#include <QAction>
#include <QDockWidget>
#include <QInputDialog>
#include <QMenu>
#include <QMessageBox>
#include <QStatusBar>
#include <QUndoStack>

#include "scene/mapscene.h"

namespace goap::editor {

void MainWindow::createClipboardActions(QMenu *edit)
{
    edit->addSeparator();
    QAction *copy = edit->addAction(tr("&Copy"), this, [this] { copySelected(); });
    copy->setShortcut(QKeySequence::Copy);
    QAction *cut = edit->addAction(tr("Cu&t"), this, [this] { copySelected(true); });
    cut->setShortcut(QKeySequence::Cut);
    QAction *paste = edit->addAction(tr("&Paste"), this, [this] { pasteClipboard(); });
    paste->setShortcut(QKeySequence::Paste);
    m_clipboardActions = {cut, copy, paste};
    // Like Delete and Duplicate they act on the outline's or the map's
    // selection, so they only answer there: a text field keeps its own
    // Ctrl+C and Ctrl+V.
    for (QAction *a : {copy, cut, paste}) {
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        m_outline->addAction(a);
        m_view->addAction(a);
    }
    edit->addAction(tr("Save Selection as &Prefab..."), this, [this] {
        const QList<EntityRef> selected = selectedEntities();
        if (selected.isEmpty()) {
            statusBar()->showMessage(tr("Select stations, actions, goals or characters to save as a prefab."), 6000);
            return;
        }
        QInputDialog dialog(this);
        dialog.setObjectName(QStringLiteral("prefabNameDialog"));
        dialog.setWindowTitle(tr("Save Selection as Prefab"));
        dialog.setLabelText(tr("Prefab name:"));
        dialog.setTextValue(idOf(scenario(), selected.first()));
        if (dialog.exec() != QDialog::Accepted)
            return;
        if (PrefabsPanel::exists(dialog.textValue())
            && QMessageBox::question(
                   this, tr("Save Selection as Prefab"),
                   tr("A prefab named \"%1\" is saved already. Replace it?").arg(dialog.textValue().trimmed()),
                   QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel)
                != QMessageBox::Yes)
            return;
        saveSelectionAsPrefab(dialog.textValue());
    });
}

void MainWindow::createPrefabsDock()
{
    m_prefabs = new PrefabsPanel(this);
    QDockWidget *dock = addDock(QStringLiteral("prefabs"), tr("Prefabs"), m_prefabs, Qt::LeftDockWidgetArea);
    // A tab beside the outline, which keeps its whole height (and stays in front).
    QDockWidget *outline = m_docks.value(QStringLiteral("outline"));
    tabifyDockWidget(outline, dock);
    outline->raise();
    connect(m_prefabs, &PrefabsPanel::insertRequested, this, [this](const Fragment &prefab, const QString &name) {
        if (pasteFragment(prefab))
            statusBar()->showMessage(tr("Inserted the prefab \"%1\": %2").arg(name, statusBar()->currentMessage()),
                                     6000);
    });
    connect(m_prefabs, &PrefabsPanel::message, this,
            [this](const QString &text) { statusBar()->showMessage(text, 6000); });
}

QList<EntityRef> MainWindow::selectedEntities() const
{
    QList<ItemRef> items = m_outline->selectedItems();
    if (items.isEmpty())
        items << m_outline->current();
    QList<EntityRef> out;
    for (const ItemRef &item : items)
        if (item.isEntity() && item.index() >= 0)
            out << item.entity;
    return out;
}

bool MainWindow::copySelected(bool cut)
{
    QList<EntityRef> selected = selectedEntities();
    if (selected.isEmpty()) {
        statusBar()->showMessage(tr("Select stations, actions, goals or characters to copy."), 6000);
        return false;
    }
    const Fragment fragment = fragmentOf(scenario(), selected);
    copyToClipboard(fragment);
    if (!cut) {
        statusBar()->showMessage(tr("Copied %1").arg(summaryOf(fragment)), 4000);
        return true;
    }
    // Cut: the selected entities removed (what only came along stays), as
    // one step; the last first, so the places of the others hold.
    std::array<qsizetype, 6> counts {};
    for (const EntityRef &ref : selected)
        ++counts[size_t(ref.kind)];
    std::sort(selected.begin(), selected.end(), [](EntityRef a, EntityRef b) { return a.index > b.index; });
    m_document->undoStack()->beginMacro(tr("Cut %1").arg(countsText(counts)));
    for (const EntityRef &ref : selected)
        m_document->submit(edits::remove(scenario(), ref));
    m_document->undoStack()->endMacro();
    statusBar()->showMessage(tr("Cut %1; the clipboard holds %2").arg(countsText(counts), summaryOf(fragment)), 4000);
    return true;
}

bool MainWindow::pasteClipboard()
{
    const FragmentRead read = fragmentFromClipboard();
    if (!read.fragment) {
        statusBar()->showMessage(tr("Nothing pasted: the clipboard %1.").arg(read.error), 8000);
        return false;
    }
    return pasteFragment(*read.fragment);
}

bool MainWindow::pasteFragment(const Fragment &fragment)
{
    const PasteResult r = pasteEdit(scenario(), fragment);
    if (r.result.refused()) {
        statusBar()->showMessage(tr("Nothing pasted: %1.").arg(r.result.error), 8000);
        return false;
    }
    m_document->submit(r.result);
    // Select what was pasted of the kind the others came along for:
    // characters before their actions, actions before their stations.
    for (EntityKind kind : {EntityKind::Character, EntityKind::Template, EntityKind::Spawner, EntityKind::Action,
                            EntityKind::Goal, EntityKind::Station}) {
        QList<ItemRef> items;
        for (const EntityRef &ref : r.created)
            if (ref.kind == kind)
                items << ItemRef(ref);
        if (items.isEmpty())
            continue;
        if (items.size() == 1)
            m_outline->select(items.first());
        else
            m_outline->selectMany(items);
        break;
    }
    const QString text = r.reused > 0
        ? tr("Pasted %1 (%n already here, used as they are)", nullptr, r.reused).arg(r.result.edit->about)
        : tr("Pasted %1").arg(r.result.edit->about);
    statusBar()->showMessage(text, 6000);
    return true;
}

bool MainWindow::saveSelectionAsPrefab(const QString &name)
{
    const QString why = m_prefabs->save(name, fragmentOf(scenario(), selectedEntities()));
    if (!why.isEmpty()) {
        statusBar()->showMessage(why, 8000);
        return false;
    }
    QDockWidget *dock = m_docks.value(QStringLiteral("prefabs"));
    dock->show();
    dock->raise();
    statusBar()->showMessage(tr("Saved the prefab \"%1\"").arg(name.trimmed()), 6000);
    return true;
}

} // namespace goap::editor
