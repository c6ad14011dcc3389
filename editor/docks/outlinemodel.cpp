#include "outlinemodel.h"

#include "scene/mapscene.h"

#include <QFont>
#include <QHash>
#include <QIcon>

namespace goap::editor {

namespace {

// Icons are pictures drawn from SVG: made once each, not per row painted.
const QIcon &icon(const QString &path)
{
    static QHash<QString, QIcon> cache;
    auto it = cache.find(path);
    if (it == cache.end())
        it = cache.insert(path, QIcon(path));
    return *it;
}

QString sectionIcon(const ItemRef &item)
{
    if (item.isSettings())
        return QStringLiteral(":/icons/goap-studio.svg");
    if (item.isFact())
        return QStringLiteral(":/icons/fact.svg");
    switch (item.entity.kind) {
    case EntityKind::Station:
        return QStringLiteral(":/icons/station.svg");
    case EntityKind::Action:
        return QStringLiteral(":/icons/action.svg");
    case EntityKind::Goal:
        return QStringLiteral(":/icons/goal.svg");
    case EntityKind::Character:
    case EntityKind::Template:
        return QStringLiteral(":/icons/character.svg");
    case EntityKind::Spawner:
        return QStringLiteral(":/icons/st-door.svg");
    }
    return {};
}

// The text of an entity's row.
QString rowText(const Scenario &s, EntityRef ref)
{
    if (ref.kind == EntityKind::Spawner)
        return OutlineModel::tr("%1 every %2 s").arg(s.spawners[ref.index].templateId).arg(s.spawners[ref.index].every);
    if (ref.kind == EntityKind::Goal)
        return QStringLiteral("%1 — %2 (%3)")
            .arg(s.goals[ref.index].id, s.goals[ref.index].label, toString(s.goals[ref.index].kind));
    return QStringLiteral("%1 — %2").arg(idOf(s, ref), labelOf(s, ref));
}

// A section's key, which its rows carry as their internal id (0: a section row).
quintptr sectionKey(const ItemRef &section)
{
    return section.isEntity() ? 3 + quintptr(section.entity.kind) : quintptr(section.is);
}

ItemRef sectionOfKey(quintptr key)
{
    if (key == quintptr(ItemRef::Is::Settings))
        return ItemRef::settings();
    if (key == quintptr(ItemRef::Is::Fact))
        return ItemRef::ofFact({});
    return ItemRef {EntityKind(key - 3), -1};
}

} // namespace

OutlineModel::OutlineModel(ScenarioDocument *document, QObject *parent)
    : QAbstractItemModel(parent)
    , m_document(document)
{
    recount();
    connect(document, &ScenarioDocument::aboutToChange, this, &OutlineModel::onAboutToChange);
    connect(document, &ScenarioDocument::changed, this, &OutlineModel::onChanged);
}

QList<ItemRef> OutlineModel::wantedSections() const
{
    QList<ItemRef> out {ItemRef::settings(), ItemRef::ofFact({})};
    const Scenario &s = m_document->scenario();
    const bool spawns = !s.templates.isEmpty() || !s.spawners.isEmpty();
    for (const EntityKind kind : kEntityKinds)
        if (spawns || (kind != EntityKind::Template && kind != EntityKind::Spawner))
            out << ItemRef {kind, -1};
    return out;
}

int OutlineModel::rowsOf(const ItemRef &section) const
{
    if (section.isFact())
        return int(m_facts.size());
    return section.isEntity() ? int(countOf(m_document->scenario(), section.entity.kind)) : 0;
}

QModelIndex OutlineModel::index(int row, int column, const QModelIndex &parent) const
{
    if (column != 0 || row < 0)
        return {};
    if (!parent.isValid())
        return row < m_sections.size() ? createIndex(row, 0, quintptr(0)) : QModelIndex();
    if (parent.internalId() != 0 || row >= m_rows.value(parent.row()))
        return {};
    return createIndex(row, 0, sectionKey(m_sections[parent.row()])); // a child knows its section
}

QModelIndex OutlineModel::parent(const QModelIndex &child) const
{
    if (!child.isValid() || child.internalId() == 0)
        return {};
    return sectionIndex(sectionOfKey(child.internalId()));
}

int OutlineModel::rowCount(const QModelIndex &parent) const
{
    if (!parent.isValid())
        return int(m_sections.size());
    return parent.internalId() == 0 ? m_rows.value(parent.row()) : 0;
}

int OutlineModel::columnCount(const QModelIndex &) const
{
    return 1;
}

QModelIndex OutlineModel::sectionIndex(const ItemRef &item) const
{
    const quintptr key = sectionKey(item);
    for (int row = 0; row < m_sections.size(); ++row)
        if (sectionKey(m_sections[row]) == key)
            return createIndex(row, 0, quintptr(0));
    return {};
}

ItemRef OutlineModel::itemAt(const QModelIndex &index) const
{
    if (!index.isValid())
        return {};
    if (index.internalId() == 0)
        return m_sections.value(index.row());
    const ItemRef section = sectionOfKey(index.internalId());
    if (section.isFact())
        return ItemRef::ofFact(m_facts.value(index.row()));
    return ItemRef {section.entity.kind, index.row()};
}

QModelIndex OutlineModel::indexOf(const ItemRef &item) const
{
    const QModelIndex section = sectionIndex(item);
    if (!section.isValid() || item.isNothing())
        return {};
    if (item.isFact() && !item.fact.isEmpty()) {
        const int row = int(m_facts.indexOf(item.fact));
        return row < 0 ? QModelIndex() : index(row, 0, section);
    }
    if (item.index() < 0)
        return section;
    return index(item.index(), 0, section);
}

QVariant OutlineModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid())
        return {};
    const Scenario &s = m_document->scenario();
    const ItemRef item = itemAt(index);
    if (role == ItemRole)
        return QVariant::fromValue(item);
    if (index.internalId() == 0) { // a section
        switch (role) {
        case Qt::DisplayRole: {
            if (item.isSettings())
                return tr("Scenario: %1").arg(s.name);
            if (item.isFact())
                return tr("Facts (%1)").arg(m_facts.size());
            const int rows = m_rows.value(index.row());
            switch (item.entity.kind) {
            case EntityKind::Station:
                return tr("Stations (%1)").arg(rows);
            case EntityKind::Action:
                return tr("Actions (%1)").arg(rows);
            case EntityKind::Goal:
                return tr("Goals (%1)").arg(rows);
            case EntityKind::Character:
                return tr("Characters (%1)").arg(rows);
            case EntityKind::Template:
                return tr("Templates (%1)").arg(rows);
            case EntityKind::Spawner:
                return tr("Spawners (%1)").arg(rows);
            }
            return {};
        }
        case Qt::DecorationRole:
            return icon(sectionIcon(item));
        case Qt::FontRole: {
            QFont f;
            f.setBold(true);
            return f;
        }
        case Qt::ToolTipRole:
            return item.isSettings() ? tr("Name, description, day, planner and map settings") : QVariant();
        default:
            return {};
        }
    }
    if (item.isFact()) {
        const bool world = item.fact.startsWith(u"world.");
        switch (role) {
        case Qt::DisplayRole:
            return item.fact;
        case Qt::DecorationRole:
            return icon(world ? QStringLiteral(":/icons/world.svg") : QStringLiteral(":/icons/agent.svg"));
        case Qt::ToolTipRole:
            return world ? tr("🌐 a world fact, shared by every character")
                         : tr("🎒 an agent fact: each character has its own");
        default:
            return {};
        }
    }
    if (item.index() >= countOf(s, item.entity.kind))
        return {}; // between a removal and its signal
    switch (role) {
    case Qt::DisplayRole:
        return rowText(s, item.entity);
    case Qt::DecorationRole:
        if (item.isEntity(EntityKind::Station))
            return icon(MapScene::stationIcon(s.stations[item.index()].id, s.stations[item.index()].label));
        return icon(sectionIcon(item));
    default:
        return {};
    }
}

void OutlineModel::recount()
{
    m_sections = wantedSections();
    m_facts = factsInUse(m_document->scenario());
    m_rows.clear();
    for (const ItemRef &section : m_sections)
        m_rows << rowsOf(section);
}

bool OutlineModel::resets(const Change &change) const
{
    if (change.kind == Change::Replaced)
        return bool(change.resized & ~(Section::Settings | Section::World)) || change.resized == Section::All;
    if (!change.isAbout(EntityKind::Template) && !change.isAbout(EntityKind::Spawner))
        return false;
    // Templates and Spawners are shown while either has an item.
    const Scenario &s = m_document->scenario();
    const qsizetype both = s.templates.size() + s.spawners.size();
    if (change.kind == Change::Inserted)
        return both == 0;
    return change.kind == Change::Removed && both == change.indices.size();
}

void OutlineModel::onAboutToChange(const Change &change)
{
    if (resets(change)) {
        m_resetting = true;
        beginResetModel();
        return;
    }
    const std::optional<EntityKind> list = change.list();
    const QModelIndex section = list ? sectionIndex(ItemRef {*list, -1}) : QModelIndex();
    if (!section.isValid() || change.indices.isEmpty())
        return;
    // Insertions are one run, removals one run a signal (ScenarioDocument).
    if (change.kind == Change::Inserted)
        beginInsertRows(section, change.indices.first(), change.indices.last());
    else if (change.kind == Change::Removed)
        beginRemoveRows(section, change.indices.first(), change.indices.last());
}

void OutlineModel::onChanged(const Change &change)
{
    if (m_resetting) {
        recount();
        ++m_resets;
        m_resetting = false;
        endResetModel();
        return;
    }
    const std::optional<EntityKind> list = change.list();
    const QModelIndex section = list ? sectionIndex(ItemRef {*list, -1}) : QModelIndex();
    const int sectionRow = section.row();
    if (change.isItemChange() && section.isValid() && !change.indices.isEmpty()) {
        switch (change.kind) {
        case Change::Edited:
            for (int i : change.indices)
                if (const QModelIndex row = index(i, 0, section); row.isValid())
                    emit dataChanged(row, row, {Qt::DisplayRole, Qt::DecorationRole});
            break;
        case Change::Inserted:
            m_rows[sectionRow] += int(change.indices.size());
            endInsertRows();
            emit dataChanged(section, section, {Qt::DisplayRole});
            break;
        case Change::Removed:
            m_rows[sectionRow] -= int(change.indices.size());
            endRemoveRows();
            emit dataChanged(section, section, {Qt::DisplayRole});
            break;
        default:
            break;
        }
    } else if (change.kind == Change::Replaced) {
        // A rename and its fix-ups, settings: every list keeps its length, its rows are repainted.
        for (int r = 0; r < m_sections.size(); ++r) {
            const QModelIndex top = index(r, 0);
            emit dataChanged(top, top);
            if (m_rows[r] > 0 && !m_sections[r].isFact())
                emit dataChanged(index(0, 0, top), index(m_rows[r] - 1, 0, top));
        }
    }
    mergeFacts();
}

void OutlineModel::mergeFacts()
{
    const QStringList now = factsInUse(m_document->scenario()); // sorted, as m_facts
    if (now == m_facts)
        return;
    const QModelIndex section = sectionIndex(ItemRef::ofFact({}));
    const int sectionRow = section.row();
    qsizetype r = 0, j = 0;
    while (r < m_facts.size() || j < now.size()) {
        if (j < now.size() && (r >= m_facts.size() || now[j] < m_facts[r])) {
            beginInsertRows(section, int(r), int(r));
            m_facts.insert(r, now[j]);
            m_rows[sectionRow] = int(m_facts.size());
            endInsertRows();
            ++r, ++j;
        } else if (r < m_facts.size() && (j >= now.size() || m_facts[r] < now[j])) {
            beginRemoveRows(section, int(r), int(r));
            m_facts.removeAt(r);
            m_rows[sectionRow] = int(m_facts.size());
            endRemoveRows();
        } else {
            ++r, ++j;
        }
    }
    emit dataChanged(section, section, {Qt::DisplayRole});
}

} // namespace goap::editor
