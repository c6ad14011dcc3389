#pragma once
// The Prefabs dock (issue #29): fragments (model/fragment.h) kept as files to
// insert into any document, like a tile palette. Each is a .json file of
// format "goap-fragment" in the prefab folder (AppDataLocation/prefabs); the
// examples shipped with the program (":/prefabs") are listed after them and
// cannot be deleted. A row shows the prefab's name, its tooltip what is in
// it ("1 station, 2 actions"). Double-click or Insert asks for it to be
// pasted into the document; Delete removes its file after asking.

#include "model/fragment.h"

#include <QWidget>

class QListWidget;
class QListWidgetItem;
class QPushButton;

namespace goap::editor {

class PrefabsPanel : public QWidget
{
    Q_OBJECT

public:
    explicit PrefabsPanel(QWidget *parent = nullptr);

    static QString folder(); // where saved prefabs go, created on demand
    // Saves `fragment` (made all roots) under `name`; empty on success, else why not.
    QString save(const QString &name, const Fragment &fragment);
    // A saved prefab would be replaced by saving under `name` (names that differ
    // only in characters a file name cannot hold share a file).
    static bool exists(const QString &name);
    void refresh(); // lists the folder again

    QListWidget *list() const { return m_list; }
    QPushButton *insertButton() const { return m_insert; }
    QPushButton *deleteButton() const { return m_delete; }

signals:
    void insertRequested(const goap::Fragment &fragment, const QString &name);
    void message(const QString &text); // for the status bar

private:
    void insertCurrent();
    void deleteCurrent();
    void updateButtons();

    QListWidget *m_list;
    QPushButton *m_insert;
    QPushButton *m_delete;
};

} // namespace goap::editor
