#include "prefabs.h"

#include "io/scenarioreader.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QStandardPaths>
#include <QVBoxLayout>

// The shipped examples live in the editor library's resources; a static
// library's resources must be registered explicitly.
static void initPrefabResources()
{
    Q_INIT_RESOURCE(prefabs);
}

namespace goap::editor {

namespace {
constexpr int kPathRole = Qt::UserRole;
constexpr int kShippedRole = Qt::UserRole + 1;
const QString kShipped = QStringLiteral(":/prefabs");

// A file name for a prefab's name: letters, digits, '-' and '_' kept, the rest '_'.
QString fileNameFor(const QString &name)
{
    QString out;
    for (const QChar c : name.trimmed())
        out += c.isLetterOrNumber() || c == u'-' || c == u'_' ? c : u'_';
    return out.left(64) + QStringLiteral(".json");
}

FragmentRead readFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return FragmentRead {std::nullopt, file.errorString()};
    // Read one byte past the limit, so a huge file is refused without loading it all.
    return readFragment(file.read(kMaxScenarioFileSize + 1));
}
} // namespace

PrefabsPanel::PrefabsPanel(QWidget *parent)
    : QWidget(parent)
    , m_list(new QListWidget(this))
    , m_insert(new QPushButton(tr("&Insert"), this))
    , m_delete(new QPushButton(tr("Delete"), this))
{
    initPrefabResources();
    m_list->setObjectName(QStringLiteral("prefabList"));
    m_insert->setObjectName(QStringLiteral("insertPrefab"));
    m_delete->setObjectName(QStringLiteral("deletePrefab"));
    m_insert->setToolTip(tr("Paste the prefab into the document (or double-click it)"));
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_insert);
    buttons->addWidget(m_delete);
    buttons->addStretch();
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(m_list);
    layout->addLayout(buttons);
    connect(m_insert, &QPushButton::clicked, this, &PrefabsPanel::insertCurrent);
    connect(m_delete, &QPushButton::clicked, this, &PrefabsPanel::deleteCurrent);
    connect(m_list, &QListWidget::itemActivated, this, &PrefabsPanel::insertCurrent); // double-click, Return
    connect(m_list, &QListWidget::currentItemChanged, this, &PrefabsPanel::updateButtons);
    refresh();
}

QString PrefabsPanel::folder()
{
    const QString path = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/prefabs");
    QDir().mkpath(path);
    return path;
}

bool PrefabsPanel::exists(const QString &name)
{
    return !name.trimmed().isEmpty() && QFileInfo::exists(QDir(folder()).filePath(fileNameFor(name)));
}

QString PrefabsPanel::save(const QString &name, const Fragment &fragment)
{
    if (name.trimmed().isEmpty())
        return tr("A prefab needs a name.");
    if (fragment.isEmpty())
        return tr("Select stations, actions, goals or characters to save as a prefab.");
    Fragment prefab = allRoots(fragment); // placed whole: inserting it twice gives two
    prefab.content.name = name.trimmed();
    QSaveFile file(QDir(folder()).filePath(fileNameFor(name)));
    if (!file.open(QIODevice::WriteOnly) || file.write(writeFragment(prefab)) < 0 || !file.commit())
        return tr("The prefab could not be saved: %1").arg(file.errorString());
    refresh();
    for (int row = 0; row < m_list->count(); ++row)
        if (m_list->item(row)->data(kPathRole).toString() == file.fileName())
            m_list->setCurrentRow(row);
    return {};
}

void PrefabsPanel::refresh()
{
    const QString current = m_list->currentItem() ? m_list->currentItem()->data(kPathRole).toString() : QString();
    m_list->clear();
    const QDir saved(folder());
    QStringList paths;
    for (const QString &f : saved.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
        paths << saved.filePath(f);
    for (const QString &f : QDir(kShipped).entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
        paths << kShipped + u'/' + f;
    for (const QString &path : paths) {
        const FragmentRead read = readFile(path);
        const bool shipped = path.startsWith(kShipped);
        auto *item = new QListWidgetItem(m_list);
        if (read.fragment) {
            item->setText(read.fragment->content.name);
            item->setToolTip(summaryOf(*read.fragment));
        } else { // listed, so it can be deleted, but never inserted
            item->setText(tr("%1 (unreadable)").arg(QFileInfo(path).completeBaseName()));
            item->setToolTip(tr("This prefab cannot be read: %1").arg(read.error));
        }
        if (shipped)
            item->setText(tr("%1 (example)").arg(item->text()));
        item->setData(kPathRole, path);
        item->setData(kShippedRole, shipped);
        if (path == current)
            m_list->setCurrentItem(item);
    }
    updateButtons();
}

void PrefabsPanel::insertCurrent()
{
    const QListWidgetItem *item = m_list->currentItem();
    if (!item)
        return;
    const FragmentRead read = readFile(item->data(kPathRole).toString());
    if (!read.fragment) {
        emit message(tr("The prefab cannot be inserted: %1.").arg(read.error));
        return;
    }
    emit insertRequested(*read.fragment, read.fragment->content.name);
}

void PrefabsPanel::deleteCurrent()
{
    const QListWidgetItem *item = m_list->currentItem();
    if (!item || item->data(kShippedRole).toBool())
        return;
    const QString path = item->data(kPathRole).toString(), name = item->text();
    if (QMessageBox::question(this, tr("Delete Prefab"), tr("Delete the prefab \"%1\"?").arg(name),
                              QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel)
        != QMessageBox::Yes)
        return;
    if (!QFile::remove(path)) {
        emit message(tr("The prefab \"%1\" could not be deleted.").arg(name));
        return;
    }
    refresh();
    emit message(tr("Deleted the prefab \"%1\".").arg(name));
}

void PrefabsPanel::updateButtons()
{
    const QListWidgetItem *item = m_list->currentItem();
    m_insert->setEnabled(item);
    m_delete->setEnabled(item && !item->data(kShippedRole).toBool());
}

} // namespace goap::editor
