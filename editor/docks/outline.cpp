#include "outline.h"

#include "scene/mapscene.h"

#include <QCoreApplication>
#include <QHeaderView>

namespace goap::editor {

namespace {
constexpr int KindRole = Qt::UserRole;
constexpr int IndexRole = Qt::UserRole + 1;
constexpr int FactRole = Qt::UserRole + 2;

Subject subjectOf(const QTreeWidgetItem *item)
{
    if (!item)
        return {};
    return Subject{Subject::Kind(item->data(0, KindRole).toInt()), item->data(0, IndexRole).toInt(),
                   item->data(0, FactRole).toString()};
}
} // namespace

Outline::Outline(ScenarioDocument *document, QWidget *parent) : QTreeWidget(parent), m_document(document)
{
    setHeaderHidden(true);
    setColumnCount(1);
    setUniformRowHeights(true);
    setExpandsOnDoubleClick(true);
    setToolTip(tr("The scenario's contents. Select an item to edit it in the form beside."));
    setSelectionMode(QAbstractItemView::ExtendedSelection); // several characters, stations... edited at once
    connect(this, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem *item) {
        if (!m_rebuilding && selectedSubjects().isEmpty())
            emit subjectChanged(subjectOf(item));
    });
    connect(this, &QTreeWidget::itemSelectionChanged, this, [this] {
        if (m_rebuilding)
            return;
        if (const QList<Subject> many = selectedSubjects(); !many.isEmpty())
            emit subjectsSelected(many);
        else if (selectedItems().size() == 1 && selectedItems().first() == currentItem())
            emit subjectChanged(subjectOf(currentItem())); // back to one (the current item did not change)
    });
    connect(document, &ScenarioDocument::changed, this, &Outline::onChanged);
    rebuild();
}

QTreeWidgetItem *Outline::section(Subject::Kind kind) const
{
    for (int i = 0; i < topLevelItemCount(); ++i)
        if (topLevelItem(i)->data(0, KindRole).toInt() == kind && topLevelItem(i)->data(0, IndexRole).toInt() == -1
            && topLevelItem(i)->data(0, FactRole).toString().isEmpty())
            return topLevelItem(i);
    return nullptr;
}

Subject Outline::current() const { return subjectOf(currentItem()); }

QList<Subject> Outline::selectedSubjects() const
{
    const QList<QTreeWidgetItem *> items = selectedItems();
    if (items.size() < 2)
        return {};
    QList<Subject> out;
    for (QTreeWidgetItem *item : items) {
        const Subject s = subjectOf(item);
        if (s.index < 0 || (!out.isEmpty() && s.kind != out.first().kind))
            return {}; // a section, a fact or a mix of kinds: nothing to edit together
        out << s;
    }
    std::sort(out.begin(), out.end(), [](const Subject &a, const Subject &b) { return a.index < b.index; });
    return out;
}

void Outline::selectMany(const QList<Subject> &subjects)
{
    if (subjects.size() < 2) {
        if (!subjects.isEmpty())
            select(subjects.first());
        return;
    }
    QTreeWidgetItem *list = section(subjects.first().kind);
    if (!list)
        return;
    {
        const QSignalBlocker blocker(this);
        clearSelection();
        setCurrentItem(list->child(subjects.first().index), 0, QItemSelectionModel::NoUpdate);
        for (const Subject &s : subjects)
            if (QTreeWidgetItem *item = list->child(s.index))
                item->setSelected(true);
    }
    emit subjectsSelected(selectedSubjects());
}

void Outline::select(const Subject &subject)
{
    if (selectedItems().size() > 1) {
        const QSignalBlocker blocker(this);
        clearSelection();
    }
    QTreeWidgetItemIterator it(this);
    for (; *it; ++it) {
        if (subjectOf(*it) == subject) {
            setCurrentItem(*it);
            scrollToItem(*it);
            return;
        }
    }
}

namespace {
Subject::Kind kindOf(Parts parts)
{
    if (parts == Part::Stations) return Subject::Station;
    if (parts == Part::Actions) return Subject::Action;
    if (parts == Part::Goals) return Subject::Goal;
    if (parts == Part::Agents) return Subject::Agent;
    if (parts == Part::Templates) return Subject::Template;
    if (parts == Part::Spawners) return Subject::Spawner;
    return Subject::None;
}

// The text of an entity's row.
QString rowText(const Scenario &s, Subject::Kind kind, int i)
{
    switch (kind) {
    case Subject::Station: return QStringLiteral("%1 — %2").arg(s.stations[i].id, s.stations[i].label);
    case Subject::Action: return QStringLiteral("%1 — %2").arg(s.actions[i].id, s.actions[i].label);
    case Subject::Goal: return QStringLiteral("%1 — %2 (%3)").arg(s.goals[i].id, s.goals[i].label, toString(s.goals[i].kind));
    case Subject::Agent: return QStringLiteral("%1 — %2").arg(s.agents[i].id, s.agents[i].label);
    case Subject::Template: return QStringLiteral("%1 — %2").arg(s.templates[i].id, s.templates[i].label);
    case Subject::Spawner:
        return QCoreApplication::translate("goap::editor::Outline", "%1 every %2 s").arg(s.spawners[i].templateId).arg(s.spawners[i].every);
    default: return {};
    }
}
} // namespace

void Outline::onChanged(Parts parts, int index)
{
    const Subject::Kind kind = kindOf(parts);
    if (index < 0 || kind == Subject::None) {
        rebuild();
        return;
    }
    updateRow(kind, index);
    if (const QStringList facts = m_document->factsInUse(); facts != m_facts)
        fillFacts(section(Subject::Fact));
}

void Outline::updateRow(Subject::Kind kind, int index)
{
    QTreeWidgetItem *list = section(kind);
    QTreeWidgetItem *row = list ? list->child(index) : nullptr;
    if (!row) {
        rebuild();
        return;
    }
    const Scenario &s = m_document->scenario();
    row->setText(0, rowText(s, kind, index));
    if (kind == Subject::Station)
        row->setIcon(0, QIcon(MapScene::stationIcon(s.stations[index].id, s.stations[index].label)));
}

void Outline::fillFacts(QTreeWidgetItem *factSection)
{
    if (!factSection)
        return;
    const bool wasRebuilding = m_rebuilding;
    m_rebuilding = true;
    const Subject selected = current();
    qDeleteAll(factSection->takeChildren());
    m_facts = m_document->factsInUse();
    factSection->setText(0, tr("Facts (%1)").arg(m_facts.size()));
    for (const QString &f : m_facts) {
        const bool world = f.startsWith(u"world.");
        auto *item = new QTreeWidgetItem(factSection, {f});
        item->setIcon(0, QIcon(world ? QStringLiteral(":/icons/world.svg") : QStringLiteral(":/icons/agent.svg")));
        item->setData(0, KindRole, Subject::Fact);
        item->setData(0, IndexRole, -1);
        item->setData(0, FactRole, f);
        item->setToolTip(0, world ? tr("🌐 a world fact, shared by every character") : tr("🎒 an agent fact: each character has its own"));
    }
    m_rebuilding = wasRebuilding;
    if (selected.kind == Subject::Fact && current() != selected) {
        select(selected);
        if (current() != selected && !m_rebuilding)
            emit subjectChanged(current());
    }
}

void Outline::rebuild()
{
    ++m_rebuilds;
    const Subject selected = current();
    const QList<Subject> many = selectedSubjects();
    m_rebuilding = true;
    clear();
    const Scenario &s = m_document->scenario();
    auto add = [](QTreeWidgetItem *parent, const QString &text, const QString &icon, const Subject &subject) {
        auto *item = new QTreeWidgetItem(parent, {text});
        item->setIcon(0, QIcon(icon));
        item->setData(0, KindRole, subject.kind);
        item->setData(0, IndexRole, subject.index);
        item->setData(0, FactRole, subject.fact);
        return item;
    };
    auto top = [this](const QString &text, const QString &icon, Subject::Kind kind) {
        auto *item = new QTreeWidgetItem(this, {text});
        item->setIcon(0, QIcon(icon));
        item->setData(0, KindRole, kind);
        item->setData(0, IndexRole, -1);
        item->setExpanded(true);
        QFont f = item->font(0);
        f.setBold(true);
        item->setFont(0, f);
        return item;
    };
    auto *settings = top(tr("Scenario: %1").arg(s.name), QStringLiteral(":/icons/goap-studio.svg"), Subject::Settings);
    settings->setToolTip(0, tr("Name, description, day, planner and map settings"));
    fillFacts(top(tr("Facts"), QStringLiteral(":/icons/fact.svg"), Subject::Fact));
    QTreeWidgetItem *stations = top(tr("Stations (%1)").arg(s.stations.size()), QStringLiteral(":/icons/station.svg"), Subject::Station);
    for (int i = 0; i < s.stations.size(); ++i)
        add(stations, rowText(s, Subject::Station, i), MapScene::stationIcon(s.stations[i].id, s.stations[i].label),
            Subject{Subject::Station, i, {}});
    QTreeWidgetItem *actions = top(tr("Actions (%1)").arg(s.actions.size()), QStringLiteral(":/icons/action.svg"), Subject::Action);
    for (int i = 0; i < s.actions.size(); ++i)
        add(actions, rowText(s, Subject::Action, i), QStringLiteral(":/icons/action.svg"), Subject{Subject::Action, i, {}});
    QTreeWidgetItem *goals = top(tr("Goals (%1)").arg(s.goals.size()), QStringLiteral(":/icons/goal.svg"), Subject::Goal);
    for (int i = 0; i < s.goals.size(); ++i)
        add(goals, rowText(s, Subject::Goal, i), QStringLiteral(":/icons/goal.svg"), Subject{Subject::Goal, i, {}});
    QTreeWidgetItem *agents = top(tr("Characters (%1)").arg(s.agents.size()), QStringLiteral(":/icons/character.svg"), Subject::Agent);
    for (int i = 0; i < s.agents.size(); ++i)
        add(agents, rowText(s, Subject::Agent, i), QStringLiteral(":/icons/character.svg"), Subject{Subject::Agent, i, {}});
    if (!s.templates.isEmpty() || !s.spawners.isEmpty()) {
        QTreeWidgetItem *templates = top(tr("Templates (%1)").arg(s.templates.size()), QStringLiteral(":/icons/character.svg"), Subject::Template);
        for (int i = 0; i < s.templates.size(); ++i)
            add(templates, rowText(s, Subject::Template, i), QStringLiteral(":/icons/character.svg"), Subject{Subject::Template, i, {}});
        QTreeWidgetItem *spawners = top(tr("Spawners (%1)").arg(s.spawners.size()), QStringLiteral(":/icons/st-door.svg"), Subject::Spawner);
        for (int i = 0; i < s.spawners.size(); ++i)
            add(spawners, rowText(s, Subject::Spawner, i), QStringLiteral(":/icons/st-door.svg"), Subject{Subject::Spawner, i, {}});
    }
    m_rebuilding = false;
    if (many.size() > 1) { // several edited together stay selected, if they are all still there
        QTreeWidgetItem *list = section(many.first().kind);
        const bool allThere = list && std::all_of(many.begin(), many.end(), [&](const Subject &x) { return list->child(x.index); });
        if (allThere) {
            const QSignalBlocker blocker(this);
            setCurrentItem(list->child(selected.index >= 0 && selected.kind == many.first().kind ? selected.index : many.first().index), 0,
                           QItemSelectionModel::NoUpdate);
            for (const Subject &x : many)
                list->child(x.index)->setSelected(true);
            return;
        }
    }
    select(selected);
    if (current() != selected) // the selected item went away (removed, or undone)
        emit subjectChanged(current());
}

} // namespace goap::editor
