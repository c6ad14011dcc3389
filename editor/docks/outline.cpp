#include "outline.h"

#include <QHeaderView>

#include <algorithm>

namespace goap::editor {

Outline::Outline(ScenarioDocument *document, QWidget *parent)
    : QTreeView(parent)
    , m_model(new OutlineModel(document, this))
{
    setModel(m_model);
    setHeaderHidden(true);
    setUniformRowHeights(true);
    setExpandsOnDoubleClick(true);
    setToolTip(tr("The scenario's contents. Select an item to edit it in the form beside."));
    setSelectionMode(QAbstractItemView::ExtendedSelection); // several characters, stations... edited at once
    expandToDepth(0);
    connect(selectionModel(), &QItemSelectionModel::currentChanged, this, [this] { announce(); });
    connect(selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] { announce(); });
    // Rows moved under the selection: the item shown may have another index now, or be gone.
    // While rows move, the selection model may pass through indices the
    // document no longer has: nothing is announced until they have moved.
    for (auto about : {&QAbstractItemModel::rowsAboutToBeInserted, &QAbstractItemModel::rowsAboutToBeRemoved})
        connect(m_model, about, this, [this] { m_restoring = true; });
    for (auto done : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
        connect(m_model, done, this, [this] {
            m_restoring = false;
            announce();
        });
    connect(m_model, &QAbstractItemModel::modelAboutToBeReset, this, [this] {
        m_savedCurrent = current();
        m_savedMany = selectedSubjects();
        m_restoring = true;
    });
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        expandToDepth(0);
        if (m_savedMany.size() > 1 && std::all_of(m_savedMany.begin(), m_savedMany.end(), [&](const Subject &s) {
                return indexOf(s).isValid();
            })) {
            m_restoring = false;
            selectMany(m_savedMany);
            return;
        }
        if (const QModelIndex at = indexOf(m_savedCurrent); at.isValid())
            selectionModel()->setCurrentIndex(at, QItemSelectionModel::ClearAndSelect);
        m_restoring = false;
        announce(); // the item shown went away (removed, or undone): what is current now
    });
}

void Outline::announce()
{
    if (m_restoring)
        return;
    const QList<Subject> many = selectedSubjects();
    if (!many.isEmpty()) {
        if (many != m_shownMany) {
            m_shownMany = many;
            m_shown = current();
            emit subjectsSelected(many);
        }
        return;
    }
    const Subject now = current();
    if (now != m_shown || !m_shownMany.isEmpty()) {
        m_shown = now;
        m_shownMany.clear();
        emit subjectChanged(now);
    }
}

Subject Outline::current() const
{
    return m_model->subjectAt(currentIndex());
}

QList<Subject> Outline::selectedSubjects() const
{
    const QModelIndexList rows = selectionModel()->selectedIndexes();
    if (rows.size() < 2)
        return {};
    QList<Subject> out;
    for (const QModelIndex &row : rows) {
        const Subject s = m_model->subjectAt(row);
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
    QItemSelection selection;
    for (const Subject &s : subjects)
        if (const QModelIndex at = indexOf(s); at.isValid())
            selection.select(at, at);
    const QModelIndex first = indexOf(subjects.first());
    if (!first.isValid())
        return;
    m_restoring = true; // one announcement for the whole selection
    selectionModel()->setCurrentIndex(first, QItemSelectionModel::NoUpdate);
    selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect);
    m_restoring = false;
    announce();
}

void Outline::select(const Subject &subject)
{
    const QModelIndex at = indexOf(subject);
    if (!at.isValid())
        return;
    m_restoring = true;
    selectionModel()->setCurrentIndex(at, QItemSelectionModel::ClearAndSelect);
    m_restoring = false;
    scrollTo(at);
    announce();
}

} // namespace goap::editor
