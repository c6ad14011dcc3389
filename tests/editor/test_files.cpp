// Files: opening (bad files, a FIFO, a drop), saving byte for byte, the
// dirty state and the save prompt, Revert, the Markdown summary, and the save
// dialogs' names, suffixes and folders.
#include "docks/issuespanel.h"
#include "editordriver.h"
#include "filedialogs.h"
#include "forms/scenarioform.h"
#include "forms/stationform.h"
#include "io/scenarioreader.h"
#include "mainwindow.h"
#include "testutil.h"

#include <QAction>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QMimeData>
#include <QSettings>
#include <QTemporaryDir>
#include <QTimer>
#include <QUndoStack>
#include <QtTest>

#include <sys/stat.h>

#include <memory>

using namespace goap;
using namespace goap::editor;

using goap::testing::answerNextDialog;
using goap::testing::kSource;
using goap::testing::menuAction;
using goap::testing::readAll;
using goap::testing::type;

namespace {

// Answers the next file dialog by typing a name and pressing Return; keeps
// the folder and the name it suggested.
QTimer *answerFileDialog(const QString &typed, QString *folder, QString *suggested)
{
    auto *timer = new QTimer;
    timer->setInterval(0);
    QObject::connect(timer, &QTimer::timeout, timer, [timer, typed, folder, suggested] {
        auto *dialog = qobject_cast<QFileDialog *>(QApplication::activeModalWidget());
        if (!dialog || !dialog->isVisible())
            return;
        timer->stop();
        *folder = dialog->directory().absolutePath();
        auto *edit = dialog->findChild<QLineEdit *>(QStringLiteral("fileNameEdit"));
        *suggested = edit ? edit->text() : QString();
        if (!edit) {
            dialog->reject();
            return;
        }
        edit->setText(typed); // typing would open the name completer's popup
        QTest::keyClick(edit, Qt::Key_Return);
    });
    timer->start();
    return timer;
}

} // namespace

class TestFiles : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void badFilesLeaveTheDocumentIntact_data()
    {
        QTest::addColumn<QString>("file");
        for (const QString &f : QDir(kSource + "/tests/data/bad").entryList({"*.json"}))
            QTest::newRow(qPrintable(f)) << kSource + "/tests/data/bad/" + f;
    }

    void badFilesLeaveTheDocumentIntact()
    {
        QFETCH(QString, file);
        MainWindow w;
        QVERIFY(w.openFile(kSource + "/scenarios/smithy.json"));
        w.outline()->select(ItemRef {EntityKind::Station, 0});
        w.stationForm()->xBox->setValue(4); // unsaved work that must survive
        const Scenario before = w.scenario();
        const QString title = w.windowTitle();
        w.setSavePrompt([] { return QMessageBox::Discard; });
        QVERIFY(!w.openFile(file));
        QCOMPARE(w.scenario(), before);
        QCOMPARE(w.windowTitle(), title);
        QVERIFY(w.document()->isModified());
        QVERIFY(w.issuesPanel()->count() >= 2);
        QVERIFY(w.issuesPanel()->item(0)->text().contains(u"could not be opened"));
        QVERIFY(w.issuesPanel()->item(1)->text().contains(u": error: "));
        const ReadResult expected = readScenarioFile(file);
        QCOMPARE(w.issuesPanel()->count(), 1 + expected.issues.size());
    }

    void shippedScenariosSaveAndReloadByteForByte_data()
    {
        QTest::addColumn<QString>("file");
        for (const QString &f : QDir(kSource + "/scenarios").entryList({"*.json"}))
            QTest::newRow(qPrintable(f)) << kSource + "/scenarios/" + f;
    }

    void shippedScenariosSaveAndReloadByteForByte()
    {
        QFETCH(QString, file);
        QTemporaryDir dir;
        MainWindow w;
        QVERIFY(w.openFile(file));
        const QString copy = dir.filePath(QStringLiteral("copy.json"));
        QVERIFY(w.saveAs(copy));
        QCOMPARE(readAll(copy), readAll(file));
        MainWindow again;
        QVERIFY(again.openFile(copy));
        QCOMPARE(again.scenario(), w.scenario());
        // Save a Copy leaves the document's own file alone.
        QVERIFY(again.saveCopy(dir.filePath(QStringLiteral("other.json"))));
        QCOMPARE(again.fileName(), QFileInfo(copy).absoluteFilePath());
    }

    void dirtyStateAndSavePrompt()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("cook.json"));
        QFile::copy(kSource + QStringLiteral("/scenarios/cook.json"), path);
        MainWindow w;
        w.show(); // the title the window system shows: Qt turns [*] into * when modified, or drops it
        const auto shownTitle = [&] { return w.windowHandle()->title(); };
        QVERIFY(w.openFile(path));
        QVERIFY(!w.isWindowModified());
        QCOMPARE(shownTitle(), QStringLiteral("cook.json — GOAP Studio"));
        w.outline()->select(ItemRef::settings());
        type(w.scenarioForm()->nameEdit, QStringLiteral("Cook II"));
        QVERIFY(w.isWindowModified());
        QCOMPARE(shownTitle(), QStringLiteral("cook.json* — GOAP Studio"));

        int asked = 0;
        w.setSavePrompt([&] {
            ++asked;
            return QMessageBox::Cancel;
        });
        QVERIFY(!w.newDocument());
        QCOMPARE(asked, 1);
        QCOMPARE(w.scenario().name, QStringLiteral("Cook II")); // kept
        QVERIFY(!w.close()); // the window stays open
        QCOMPARE(asked, 2);

        w.setSavePrompt([&] {
            ++asked;
            return QMessageBox::Save;
        });
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/smithy.json")));
        QCOMPARE(readScenarioFile(path).scenario->name, QStringLiteral("Cook II")); // saved before switching

        type(w.scenarioForm()->nameEdit, QStringLiteral("Smithy II"));
        w.setSavePrompt([&] {
            ++asked;
            return QMessageBox::Discard;
        });
        QVERIFY(w.newDocument());
        QCOMPARE(w.scenario(), newScenario());
        QVERIFY(!w.isWindowModified());

        // Undoing back to the saved state is clean again; Revert restores the file.
        QVERIFY(w.openFile(path));
        type(w.scenarioForm()->nameEdit, QStringLiteral("Cook III"));
        w.document()->undoStack()->undo();
        QVERIFY(!w.isWindowModified());
        type(w.scenarioForm()->nameEdit, QStringLiteral("Cook IV"));
        QVERIFY(w.revert());
        QCOMPARE(w.scenario().name, QStringLiteral("Cook II"));
        QVERIFY(!w.isWindowModified());
        QCOMPARE(shownTitle(), QStringLiteral("cook.json — GOAP Studio"));

        // Saving makes it clean, in the title too.
        type(w.scenarioForm()->nameEdit, QStringLiteral("Cook V"));
        QCOMPARE(shownTitle(), QStringLiteral("cook.json* — GOAP Studio"));
        QVERIFY(w.save());
        QVERIFY(!w.isWindowModified());
        QCOMPARE(shownTitle(), QStringLiteral("cook.json — GOAP Studio"));
        QCOMPARE(readScenarioFile(path).scenario->name, QStringLiteral("Cook V"));
        w.document()->undoStack()->undo(); // away from the saved state
        QVERIFY(w.isWindowModified());
        QCOMPARE(shownTitle(), QStringLiteral("cook.json* — GOAP Studio"));
    }

    void saveOfAnUntitledDocumentAsksWhere()
    {
        QTemporaryDir dir;
        MainWindow w;
        QVERIFY(w.newFromTemplate(kSource + QStringLiteral("/scenarios/bakery.json")));
        QVERIFY(w.fileName().isEmpty()); // a template is a copy
        QCOMPARE(w.scenario().name, QStringLiteral("Bakery"));
        const QString path = dir.filePath(QStringLiteral("mine.json"));
        w.setSaveAsPrompt([&] { return path; });
        QVERIFY(w.save());
        QCOMPARE(w.fileName(), QFileInfo(path).absoluteFilePath());
        QCOMPARE(readAll(path), readAll(kSource + QStringLiteral("/scenarios/bakery.json")));
        QVERIFY(MainWindow::templateFiles().size() >= 4);
    }

    void dropAJsonFileOpensIt()
    {
        MainWindow w;
        w.show();
        QMimeData data;
        data.setUrls({QUrl::fromLocalFile(kSource + QStringLiteral("/scenarios/smithy.json"))});
        QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&w, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&w, &drop);
        QCOMPARE(w.scenario().name, QStringLiteral("Smithy"));
        QMimeData text;
        text.setUrls({QUrl::fromLocalFile(QStringLiteral("/tmp/notes.txt"))});
        QDragEnterEvent refuse(QPoint(10, 10), Qt::CopyAction, &text, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&w, &refuse);
        QVERIFY(!refuse.isAccepted());
    }

    void markdownSummary()
    {
        QTemporaryDir dir;
        MainWindow w;
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/town.json")));
        const QString path = dir.filePath(QStringLiteral("town.md"));
        QVERIFY(w.exportSummary(path));
        const QString md = QString::fromUtf8(readAll(path));
        QVERIFY(md.startsWith(u"# Town\n"));
        for (const char *heading : {"## Facts", "## Stations", "## Actions", "## Goals", "## Characters"})
            QVERIFY(md.contains(QLatin1String(heading)));
        QVERIFY(md.contains(u"| `world.tools` | 🌐 world | 0 | harvestWheat, fellTree |"));
        QVERIFY(md.contains(u"`world.bread >= 1`"));
        QVERIFY(md.contains(u"`agent.oreMined += 1`"));
    }

    // Issue #17, 4: Revert asks first, and Undo brings the changes back.
    void revertAsksAndCanBeUndone()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("cook.json"));
        QFile::copy(kSource + QStringLiteral("/scenarios/cook.json"), path);
        MainWindow w;
        w.show();
        QVERIFY(w.openFile(path));
        w.outline()->select(ItemRef::settings());
        type(w.scenarioForm()->nameEdit, QStringLiteral("Cook II"));
        QVERIFY(w.document()->isModified());

        QString said;
        std::unique_ptr<QTimer> answer(answerNextDialog(QStringLiteral("Cancel"), &said));
        menuAction(w, QStringLiteral("Revert"))->trigger();
        QVERIFY2(said.contains(u"Discard the changes made since cook.json was saved"), qPrintable(said));
        QCOMPARE(w.scenario().name, QStringLiteral("Cook II")); // cancelled

        answer.reset(answerNextDialog(QStringLiteral("Revert"), &said));
        menuAction(w, QStringLiteral("Revert"))->trigger();
        QCOMPARE(w.scenario().name, QStringLiteral("Cook"));
        QVERIFY(!w.document()->isModified());
        QVERIFY(!w.isWindowModified());

        w.document()->undoStack()->undo();
        QCOMPARE(w.scenario().name, QStringLiteral("Cook II"));
        QVERIFY(w.document()->isModified());
        w.document()->undoStack()->redo();
        QCOMPARE(w.scenario().name, QStringLiteral("Cook"));
        QVERIFY(!w.document()->isModified());
    }

    void suffixesAreAppendedWhenMissing_data()
    {
        QTest::addColumn<QString>("typed");
        QTest::addColumn<QString>("suffix");
        QTest::addColumn<QStringList>("accepted");
        QTest::addColumn<QString>("saved");
        QTest::newRow("none") << "/tmp/wood"
                              << "json" << QStringList() << "/tmp/wood.json";
        QTest::newRow("already") << "/tmp/wood.json"
                                 << "json" << QStringList() << "/tmp/wood.json";
        QTest::newRow("case") << "/tmp/wood.JSON"
                              << "json" << QStringList() << "/tmp/wood.JSON";
        QTest::newRow("dot") << "/tmp/wood."
                             << "png" << QStringList() << "/tmp/wood.png";
        QTest::newRow("other") << "/tmp/wood.v2"
                               << "json" << QStringList() << "/tmp/wood.v2.json";
        QTest::newRow("accepted") << "/tmp/notes.markdown"
                                  << "md" << QStringList {"md", "markdown"} << "/tmp/notes.markdown";
        QTest::newRow("dotted folder") << "/tmp/my.folder/plot"
                                       << "pdf" << QStringList() << "/tmp/my.folder/plot.pdf";
        QTest::newRow("cancelled") << ""
                                   << "csv" << QStringList() << "";
    }

    void suffixesAreAppendedWhenMissing()
    {
        QFETCH(QString, typed);
        QFETCH(QString, suffix);
        QFETCH(QStringList, accepted);
        QFETCH(QString, saved);
        QCOMPARE(withSuffix(typed, suffix, accepted), saved);
    }

    void suggestedNamesAreFileNames()
    {
        QCOMPARE(suggestedBaseName(QStringLiteral("Town")), QStringLiteral("Town"));
        QCOMPARE(suggestedBaseName(QStringLiteral("a/b: c?")), QStringLiteral("a-b- c-"));
        QCOMPARE(suggestedBaseName(QStringLiteral("  ")), QStringLiteral("Untitled"));
        QCOMPARE(suggestedBaseName(QStringLiteral("..hidden")), QStringLiteral("hidden"));
    }

    // Issue #17, 6: save and export dialogs suggest a name, add the suffix
    // and start in the folder last used for that kind of file.
    void saveDialogsSuggestANameAndAddTheSuffix()
    {
        QTemporaryDir scenarios, exports;
        QSettings().remove(QStringLiteral("fileDialogs"));
        MainWindow w;
        w.show();
        QVERIFY(w.newFromTemplate(kSource + QStringLiteral("/scenarios/cook.json")));
        QString folder, suggested;
        std::unique_ptr<QTimer> answer(
            answerFileDialog(scenarios.filePath(QStringLiteral("wood")), &folder, &suggested));
        menuAction(w, QStringLiteral("Save As..."))->trigger();
        QCOMPARE(suggested, QStringLiteral("Cook.json"));
        QCOMPARE(w.fileName(), QFileInfo(scenarios.filePath(QStringLiteral("wood.json"))).absoluteFilePath());
        QVERIFY(QFileInfo::exists(scenarios.filePath(QStringLiteral("wood.json"))));

        answer.reset(answerFileDialog(exports.filePath(QStringLiteral("notes")), &folder, &suggested));
        menuAction(w, QStringLiteral("Export Summary (Markdown)..."))->trigger();
        QCOMPARE(suggested, QStringLiteral("Cook.md"));
        QVERIFY(folder != QFileInfo(scenarios.path()).absoluteFilePath()); // not the scenario's folder
        QVERIFY(QFileInfo::exists(exports.filePath(QStringLiteral("notes.md"))));

        // The next export starts where the last one went; a copy, where scenarios went.
        answer.reset(answerFileDialog(QStringLiteral("again"), &folder, &suggested));
        menuAction(w, QStringLiteral("Export Summary (Markdown)..."))->trigger();
        QCOMPARE(folder, QFileInfo(exports.path()).absoluteFilePath());
        QVERIFY(QFileInfo::exists(exports.filePath(QStringLiteral("again.md"))));
        answer.reset(answerFileDialog(QStringLiteral("spare"), &folder, &suggested));
        menuAction(w, QStringLiteral("Save a Copy..."))->trigger();
        QCOMPARE(folder, QFileInfo(scenarios.path()).absoluteFilePath());
        QCOMPARE(suggested, QStringLiteral("Cook copy.json"));
        QVERIFY(QFileInfo::exists(scenarios.filePath(QStringLiteral("spare.json"))));
    }

    // Review: the suffix appended after the dialog ("wood.v2" saved as
    // wood.v2.json) never replaces an existing file without asking.
    void anAppendedSuffixAsksBeforeReplacing()
    {
        QTemporaryDir dir;
        QSettings().remove(QStringLiteral("fileDialogs"));
        const QString existing = dir.filePath(QStringLiteral("wood.v2.json"));
        {
            QFile f(existing);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("keep me");
        }
        MainWindow w;
        w.show();
        QVERIFY(w.newFromTemplate(kSource + QStringLiteral("/scenarios/cook.json")));
        QString folder, suggested, said;
        std::unique_ptr<QTimer> answer(answerFileDialog(dir.filePath(QStringLiteral("wood.v2")), &folder, &suggested));
        std::unique_ptr<QTimer> no(answerNextDialog(QStringLiteral("No"), &said));
        menuAction(w, QStringLiteral("Save As..."))->trigger();
        QVERIFY2(said.contains(u"wood.v2.json already exists"), qPrintable(said));
        QCOMPARE(readAll(existing), QByteArray("keep me"));
        QCOMPARE(w.fileName(), QString());

        answer.reset(answerFileDialog(dir.filePath(QStringLiteral("wood.v2")), &folder, &suggested));
        no.reset(answerNextDialog(QStringLiteral("Yes"), &said));
        menuAction(w, QStringLiteral("Save As..."))->trigger();
        QCOMPARE(w.fileName(), QFileInfo(existing).absoluteFilePath());
        QVERIFY(readAll(existing).contains("\"Cook\""));
    }

    // Issue #17, also: opening another scenario ends the previous one's run.
    void aFifoIsRefusedNotWaitedOn()
    {
        // Opening a FIFO with no writer used to block the window for ever.
        QTemporaryDir dir;
        const QString fifo = dir.filePath(QStringLiteral("pipe.json"));
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        MainWindow w;
        w.show();
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/cook.json")));
        QVERIFY(!w.openFile(fifo));
        QCOMPARE(w.document()->scenario().name, QStringLiteral("Cook")); // the open document is untouched
        bool said = false;
        for (int i = 0; i < w.issuesPanel()->count(); ++i)
            said = said || w.issuesPanel()->item(i)->text().contains(QStringLiteral("a FIFO, not a regular file"))
                || w.issuesPanel()->item(i)->toolTip().contains(QStringLiteral("a FIFO, not a regular file"));
        QVERIFY(said);
    }
};

QTEST_MAIN(TestFiles)
#include "test_files.moc"
