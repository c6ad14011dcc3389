#include "pilepicker.h"

#include <QHeaderView>
#include <QKeyEvent>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <QTreeView>
#include <QVBoxLayout>

#include <map>

namespace goap::editor {

namespace {
constexpr int kCharacterRole = Qt::UserRole + 1;
}

bool lessByName(const QString &a, const QString &b)
{
    // Runs of digits compare as numbers, the rest case-insensitively
    // (QCollator's numeric mode needs ICU, which a build may lack).
    qsizetype i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        if (a[i].isDigit() && b[j].isDigit()) {
            qsizetype ei = i, ej = j;
            while (ei < a.size() && a[ei].isDigit())
                ++ei;
            while (ej < b.size() && b[ej].isDigit())
                ++ej;
            const QStringView x = QStringView(a).mid(i, ei - i), y = QStringView(b).mid(j, ej - j);
            if (x != y) {
                // Without leading zeros, the longer number is the larger; then digit by digit.
                qsizetype zx = 0, zy = 0;
                while (zx < x.size() - 1 && x[zx] == u'0')
                    ++zx;
                while (zy < y.size() - 1 && y[zy] == u'0')
                    ++zy;
                const QStringView nx = x.mid(zx), ny = y.mid(zy);
                if (nx.size() != ny.size())
                    return nx.size() < ny.size();
                if (const int c = nx.compare(ny); c != 0)
                    return c < 0;
            }
            i = ei;
            j = ej;
            continue;
        }
        const QChar x = a[i].toCaseFolded(), y = b[j].toCaseFolded();
        if (x != y)
            return x < y;
        ++i;
        ++j;
    }
    return a.size() - i < b.size() - j;
}

PilePicker::PilePicker(const QList<Entry> &entries, QWidget *parent)
    : QFrame(parent, Qt::Popup)
    , m_model(new QStandardItemModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_filter(new QLineEdit(this))
    , m_view(new QTreeView(this))
{
    setAttribute(Qt::WA_DeleteOnClose);
    setFrameShape(QFrame::StyledPanel);
    // Groups by what they do, the largest first; names sorted within each.
    std::map<QString, QList<Entry>> groups;
    for (const Entry &e : entries)
        groups[e.doing].append(e);
    std::vector<std::pair<QString, QList<Entry>>> ordered(groups.begin(), groups.end());
    std::stable_sort(ordered.begin(), ordered.end(),
                     [](const auto &a, const auto &b) { return a.second.size() > b.second.size(); });
    int widest = 0; // the longest row, so nothing is cut (within reason)
    for (auto &[doing, members] : ordered) {
        std::sort(members.begin(), members.end(),
                  [](const Entry &a, const Entry &b) { return lessByName(a.name, b.name); });
        auto *group = new QStandardItem(
            QStringLiteral("%1 (%2)").arg(doing.isEmpty() ? tr("doing nothing") : doing).arg(members.size()));
        group->setFlags(Qt::ItemIsEnabled);
        QFont bold = font();
        bold.setBold(true);
        group->setFont(bold);
        widest = std::max(widest, QFontMetrics(bold).horizontalAdvance(group->text()));
        for (const Entry &e : members) {
            auto *item = new QStandardItem(
                e.detail.isEmpty() || e.detail == e.doing ? e.name : QStringLiteral("%1 — %2").arg(e.name, e.detail));
            item->setData(e.character, kCharacterRole);
            widest = std::max(widest, fontMetrics().horizontalAdvance(item->text()) + 20);
            item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
            group->appendRow(item);
        }
        m_model->appendRow(group);
    }
    m_proxy->setSourceModel(m_model);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_proxy->setRecursiveFilteringEnabled(true); // a group shows while one of its characters does
    m_view->setModel(m_proxy);
    m_view->setHeaderHidden(true);
    m_view->setRootIsDecorated(false);
    m_view->setItemsExpandable(false);
    m_view->setUniformRowHeights(true);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->expandAll();
    m_filter->setPlaceholderText(tr("Filter %n character(s)...", nullptr, int(entries.size())));
    m_filter->setClearButtonEnabled(true);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(4);
    layout->addWidget(m_filter);
    layout->addWidget(m_view);
    // Bounded: at most about twenty rows high, then it scrolls.
    const int row = std::max(16, m_view->sizeHintForRow(0));
    resize(std::clamp(widest + 48, 360, 640),
           std::min(int(entries.size() + ordered.size()) * row + m_filter->sizeHint().height() + 20, 22 * row));
    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString &text) {
        m_proxy->setFilterFixedString(text);
        m_view->expandAll();
    });
    connect(m_filter, &QLineEdit::returnPressed, this, [this] { // the first character left
        for (int g = 0; g < m_proxy->rowCount(); ++g)
            if (m_proxy->rowCount(m_proxy->index(g, 0)) > 0)
                return pickIndex(m_proxy->index(0, 0, m_proxy->index(g, 0)));
    });
    connect(m_view, &QAbstractItemView::clicked, this, &PilePicker::pickIndex);
    connect(m_view, &QAbstractItemView::activated, this, &PilePicker::pickIndex);
    m_filter->setFocus();
}

QRect PilePicker::rowRect(int character) const
{
    for (int g = 0; g < m_proxy->rowCount(); ++g) {
        const QModelIndex group = m_proxy->index(g, 0);
        for (int r = 0; r < m_proxy->rowCount(group); ++r)
            if (const QModelIndex i = m_proxy->index(r, 0, group); i.data(kCharacterRole).toInt() == character) {
                m_view->scrollTo(i);
                return m_view->visualRect(i);
            }
    }
    return {};
}

void PilePicker::pickIndex(const QModelIndex &index)
{
    const QVariant character = index.data(kCharacterRole);
    if (!character.isValid())
        return; // a group's heading
    emit picked(character.toInt());
    close();
}

} // namespace goap::editor
