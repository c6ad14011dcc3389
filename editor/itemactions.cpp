#include "itemactions.h"

#include "docks/issuespanel.h"
#include "document/changetext.h"
#include "forms/factform.h"
#include "forms/formpage.h"
#include "forms/scenarioform.h"
#include "mainwindow.h"
#include "scene/mapscene.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QLineEdit>
#include <QStatusBar>

#include <cmath>

namespace goap::editor {

ItemActions::ItemActions(MainWindow *window)
    : QObject(window)
    , m_window(window)
{
    m_addFact = new QAction(QIcon(QStringLiteral(":/icons/fact.svg")), tr("Add &Fact"), this);
    connect(m_addFact, &QAction::triggered, this, &ItemActions::addFactHere);
    const struct
    {
        EntityKind kind;
        QString text;
        QString icon;
    } adds[] = {
        {EntityKind::Station, tr("Add &Station"), QStringLiteral(":/icons/station.svg")},
        {EntityKind::Action, tr("Add &Action"), QStringLiteral(":/icons/action.svg")},
        {EntityKind::Goal, tr("Add &Goal"), QStringLiteral(":/icons/goal.svg")},
        {EntityKind::Character, tr("Add &Character"), QStringLiteral(":/icons/character.svg")},
        {EntityKind::Template, tr("Add &Template"), QStringLiteral(":/icons/character.svg")},
        {EntityKind::Spawner, tr("Add S&pawner"), QStringLiteral(":/icons/st-door.svg")},
    };
    for (const auto &a : adds) {
        auto *action = new QAction(QIcon(a.icon), a.text, this);
        connect(action, &QAction::triggered, this, [this, kind = a.kind] { addEntity(kind); });
        m_adds[int(a.kind)] = action;
    }
    m_duplicate = new QAction(tr("&Duplicate"), this);
    m_duplicate->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_D));
    connect(m_duplicate, &QAction::triggered, this, &ItemActions::duplicateSelected);
    m_rename = new QAction(tr("Re&name"), this);
    m_rename->setShortcut(QKeySequence(Qt::Key_F2));
    connect(m_rename, &QAction::triggered, this, &ItemActions::renameSelected);
    m_remove = new QAction(QIcon(QStringLiteral(":/icons/remove.svg")), tr("&Remove Selected"), this);
    m_remove->setShortcut(QKeySequence::Delete);
    connect(m_remove, &QAction::triggered, this, &ItemActions::removeSelected);
    for (QAction *a : {m_duplicate, m_rename, m_remove}) {
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        window->outline()->addAction(a);
        window->mapView()->addAction(a);
    }
}

void ItemActions::duplicateSelected()
{
    const ItemRef item = m_window->outline()->current();
    if (!item.isEntity() || item.index() < 0)
        return;
    const EntityRef ref = item.entity;
    m_window->document()->submit(edits::duplicate(m_window->scenario(), ref));
    const EntityRef copy {ref.kind, ref.index + 1};
    const QString id = idOf(m_window->scenario(), copy);
    m_window->outline()->select(copy);
    m_window->statusBar()->showMessage(id.isEmpty() ? tr("Duplicated") : tr("Duplicated as %1").arg(id), 4000);
}

void ItemActions::renameSelected()
{
    const ItemRef item = m_window->outline()->current();
    m_window->showItem(item);
    QLineEdit *edit = nullptr;
    if (item.isSettings())
        edit = m_window->scenarioForm()->nameEdit;
    else if (item.isFact() && !item.fact.isEmpty())
        edit = m_window->factForm()->nameEdit;
    else if (item.isEntity() && item.index() >= 0 && !item.isEntity(EntityKind::Spawner))
        edit = m_window->formOf(item.entity.kind)->idEditor();
    if (!edit)
        return;
    m_window->dock(QStringLiteral("properties"))->raise();
    edit->setFocus(Qt::ShortcutFocusReason);
    edit->selectAll();
}

void ItemActions::addFactHere()
{
    const edits::Result added = edits::addWorldFact(m_window->scenario());
    m_window->document()->submit(added);
    const QString fact = QStringLiteral("world.") + added.edit->about;
    m_window->outline()->select(ItemRef::ofFact(fact));
    m_window->dock(QStringLiteral("properties"))->raise(); // its form, in front of the inspector tabbed with it
    m_window->factForm()->nameEdit->setFocus();
    m_window->factForm()->nameEdit->selectAll();
    m_window->statusBar()->showMessage(
        tr("Added %1: type its name (agent facts are given in a character's Facts table)").arg(fact), 8000);
}

void ItemActions::addEntity(EntityKind kind)
{
    const Scenario &s = m_window->scenario();
    const Point centre {std::round(s.map.width / 2), std::round(s.map.height / 2)};
    const edits::Result added = edits::addEntity(s, kind, centre);
    if (const QString error = m_window->document()->submit(added); added.refused()) {
        m_window->statusBar()->showMessage(error, 8000);
        return;
    }
    const QString id = kind == EntityKind::Spawner ? tr("a spawner") : idOf(m_window->scenario(), added.created);
    m_window->outline()->select(added.created);
    // What was added is edited in its form next: in front of the inspector
    // tabbed with it (a run raises the inspector).
    m_window->dock(QStringLiteral("properties"))->raise();
    m_window->statusBar()->showMessage(
        kind == EntityKind::Goal
            ? tr("Added %1: give it a condition in its Conditions table (what must hold for it to be met)").arg(id)
            : tr("Added %1").arg(id),
        8000);
}

void ItemActions::removeSelected()
{
    // Walls live on the map only: Delete there removes the selected walls.
    QWidget *focus = QApplication::focusWidget();
    QWidget *view = m_window->mapView();
    if ((focus == view || view->isAncestorOf(focus) || m_window->outline()->current().index() < 0)
        && m_window->mapScene()->removeSelectedWalls())
        return;
    const ItemRef item = m_window->outline()->current();
    if (!item.isEntity() || item.index() < 0)
        return;
    const RemovalText text = removalText(m_window->scenario(), item.entity);
    if (!text.users.isEmpty() && !m_window->confirm(text.title, text.question, text.detail, tr("Delete")))
        return;
    m_window->document()->submit(edits::remove(m_window->scenario(), item.entity));
    if (!text.users.isEmpty()) {
        m_window->issuesPanel()->setNote(text.note + tr(" Undo brings it back."));
        m_window->statusBar()->showMessage(text.note, 10000);
    }
}

} // namespace goap::editor
