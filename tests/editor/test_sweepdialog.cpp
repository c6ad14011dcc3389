// Run > Sweep: fields of the document varied in the background, the table
// and the heatmap, a cell that opens its variant, the CSV goap-sim sweep
// writes, and sweep files read back.
#include "editordriver.h"
#include "mainwindow.h"
#include "model/edits.h"
#include "sweep/sweepdialog.h"
#include "testutil.h"

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPointer>
#include <QProcess>
#include <QProgressBar>
#include <QPushButton>
#include <QScreen>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

#include <utility>

#include <qcustomplot.h>

using namespace goap;
using namespace goap::editor;

using goap::testing::answerSaveDialog;
using goap::testing::kSource;
using goap::testing::readAll;

namespace {

// The main window other than `main` (a variant opened from a sweep), or null.
MainWindow *otherWindow(const MainWindow *main)
{
    for (QWidget *top : QApplication::topLevelWidgets())
        if (auto *w = qobject_cast<MainWindow *>(top); w && w != main && w->isVisible())
            return w;
    return nullptr;
}

QPushButton *button(QWidget *in, const QString &text)
{
    for (QPushButton *b : in->findChildren<QPushButton *>())
        if (b->text().remove(u'&') == text)
            return b;
    return nullptr;
}

} // namespace

class TestSweepDialog : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    // Issue #15, 3: Run > Sweep varies fields of the document, runs in the
    // background, shows a table and a heatmap; a cell opens its variant.
    void sweepDialogRunsAndOpensAVariant()
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/town.json")));
        SweepDialog *d = w.showSweep();
        d->resize(1000, 720);
        QVERIFY(!d->start()); // nothing to vary yet
        d->addParameter(QStringLiteral("agents[99].speed"), 1, 2, 2);
        QVERIFY(!d->start());
        QVERIFY2(d->findChild<QLabel *>() != nullptr, "a status line");
        d->parameterTable()->removeRow(0);
        d->addParameter(QStringLiteral("agents[5].goals[0].urgency"), 0.5, 2, 3);
        d->addParameter(QStringLiteral("agents[3].speed"), 1, 3, 2);
        QCOMPARE(d->variantCount(), 6);
        QVERIFY(d->variantText().startsWith(u"6 variant"));
        QSignalSpy finished(d, &SweepDialog::finished);
        QVERIFY(d->start());
        QVERIFY(finished.wait(60000));
        QCOMPARE(d->rows().size(), 6);
        QCOMPARE(d->resultTable()->rowCount(), 6);
        QCOMPARE(d->resultTable()->horizontalHeaderItem(1)->text(), QStringLiteral("agents[5].goals[0].urgency"));
        QVERIFY(d->rows()[5].startsWith(u"5,2,3,"));
        QVERIFY(d->colorMap());
        QCOMPARE(d->colorMap()->data()->keySize(), 3);
        QCOMPARE(d->colorMap()->data()->valueSize(), 2);
        d->metricBox()->setCurrentText(QStringLiteral("baker.bakeQuota.metAt"));
        QVERIFY(d->colorMap());
        // A click on the cell (urgency 2, speed 3) opens that variant, unsaved,
        // as a new document (issue #29, 9: it used to ask to save, then
        // replace the document open): a window of its own, this one kept as
        // it is, edits and all, without a question.
        Agent miner = w.scenario().agents[0];
        miner.speed = 2.5;
        QVERIFY(w.document()
                    ->submit(edits::setEntity(w.document()->scenario(), EntityKind::Character, 0, miner, Field::Speed))
                    .isEmpty());
        QVERIFY(w.document()->isModified());
        const Scenario mine = w.scenario();
        bool asked = false;
        w.setSavePrompt([&asked] {
            asked = true;
            return QMessageBox::Discard;
        });
        d->plot()->replot();
        const QPoint cell(int(d->plot()->xAxis->coordToPixel(2)), int(d->plot()->yAxis->coordToPixel(3)));
        QTest::mouseClick(d->plot(), Qt::LeftButton, {}, cell);
        MainWindow *variant = nullptr;
        QTRY_VERIFY((variant = otherWindow(&w)) != nullptr);
        // Issue #29: beside its original, tiled: the original on the left
        // half of the screen, the variant on the right.
        const QRect area = w.screen()->availableGeometry();
        QTRY_COMPARE(w.frameGeometry().topLeft(), area.topLeft());
        QTRY_COMPARE(variant->frameGeometry().topLeft(), QPoint(area.left() + area.width() / 2, area.top()));
        QCOMPARE(variant->frameGeometry().height(), area.height());
        QCOMPARE(variant->scenario().agents[3].speed, 3.0);
        QCOMPARE(variant->scenario().agents[5].goals[0].urgency.value_or(-1), 2.0);
        QVERIFY(variant->scenario().name.contains(u"variant 5"));
        QVERIFY(variant->fileName().isEmpty());
        QVERIFY(!asked);
        QCOMPARE(w.scenario(), mine);
        QVERIFY(w.document()->isModified());
        QVERIFY(variant->testAttribute(Qt::WA_DeleteOnClose));
        QPointer<MainWindow> closing(variant);
        variant->close();
        QTRY_VERIFY(closing.isNull());
        // Export: byte for byte what goap-sim sweep writes for the same sweep.
        QTemporaryDir dir;
        QVERIFY(d->exportCsv(dir.filePath(QStringLiteral("s.csv"))));
        QVERIFY(
            QFile::copy(kSource + QStringLiteral("/scenarios/town.json"), dir.filePath(QStringLiteral("town.json"))));
        QFile spec(dir.filePath(QStringLiteral("town.sweep.json")));
        QVERIFY(spec.open(QIODevice::WriteOnly));
        spec.write("{ \"scenario\": \"town.json\", \"vary\": [ { \"path\": \"agents[5].goals[0].urgency\", \"from\": "
                   "0.5, \"to\": 2, \"steps\": 3 },"
                   " { \"path\": \"agents[3].speed\", \"from\": 1, \"to\": 3, \"steps\": 2 } ] }");
        spec.close();
#if defined(__SANITIZE_THREAD__)
        // ThreadSanitizer cannot fork a multi-threaded process (QProcess):
        // goap-sim's own engine and shard format, in this process.
        Issues sweepIssues;
        const std::optional<sweep::SweepSpec> sweep = sweep::readSweep(spec.fileName(), sweepIssues);
        QVERIFY(sweep);
        QString sweepError;
        const QStringList sweepRows = sweep::runShard(*sweep, 1, 1, 1, sweepError);
        QVERIFY(sweepError.isEmpty());
        const QByteArray shard = (sweep::shardIdentityLine(*sweep, 1, 1) + u'\n' + sweep::sweepHeader(*sweep).join(u',')
                                  + u'\n' + sweepRows.join(u'\n') + u'\n')
                                     .toUtf8();
#else
        QProcess cli;
        cli.start(
            QStringLiteral(GOAP_SIM_BINARY),
            {QStringLiteral("sweep"), spec.fileName(), QStringLiteral("--out"), dir.filePath(QStringLiteral("out"))});
        QVERIFY(cli.waitForFinished(60000));
        QCOMPARE(cli.exitCode(), 0);
        const QByteArray shard = readAll(dir.filePath(QStringLiteral("out/results-1-of-1.csv")));
#endif
        // The shard is the same CSV under its identity line ("# goap-sweep ID, 6 variants, shard 1 of 1").
        QVERIFY2(shard.startsWith("# goap-sweep ") && shard.contains(", 6 variants, shard 1 of 1\n"), shard.left(80));
        QCOMPARE(readAll(dir.filePath(QStringLiteral("s.csv"))), shard.mid(shard.indexOf('\n') + 1));
        // Open Sweep reads that file's fields back; a list of uneven values is refused with the reason.
        SweepDialog again(w.document());
        QCOMPARE(again.loadSweep(spec.fileName()), QString());
        QCOMPARE(again.variantCount(), 6);
        QCOMPARE(again.daysBox()->value(), 1);
        // The field by its name (issue #29, 9: it showed the raw path), the path underneath.
        QCOMPARE(static_cast<QComboBox *>(again.parameterTable()->cellWidget(1, 0))->currentText(),
                 QStringLiteral("Farmer: speed"));
        QCOMPARE(again.fieldPath(1), QStringLiteral("agents[3].speed"));
        // An override the file leaves out (the baker's quota has no urgency of its own) is named too.
        QCOMPARE(static_cast<QComboBox *>(again.parameterTable()->cellWidget(0, 0))->currentText(),
                 QStringLiteral("Baker: Bake bread urgency"));
        QCOMPARE(again.fieldPath(0), QStringLiteral("agents[5].goals[0].urgency"));
        QFile uneven(dir.filePath(QStringLiteral("uneven.sweep.json")));
        QVERIFY(uneven.open(QIODevice::WriteOnly));
        uneven.write(
            "{ \"scenario\": \"town.json\", \"vary\": [ { \"path\": \"agents[3].speed\", \"values\": [1, 2, 5] } ] }");
        uneven.close();
        QVERIFY(again.loadSweep(uneven.fileName()).contains(u"not evenly spaced"));
    }
    // Issue #29, 9: the fields are offered by name under their entity
    // ("Baker: Hunger rate" under "Character Baker"), not as raw JSON paths
    // (map.walls[0][0]); the sweep file still stores the path.
    void fieldsAreOfferedByNameUnderTheirEntity()
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QTemporaryDir dir;
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/town.json")));
        QVERIFY(w.saveAs(dir.filePath(QStringLiteral("town.json"))));
        SweepDialog *d = w.showSweep();
        QVERIFY(QTest::qWaitForWindowExposed(d));
        QTest::mouseClick(button(d, QStringLiteral("Add Field")), Qt::LeftButton);
        QCOMPARE(d->parameterTable()->rowCount(), 1);
        auto *box = qobject_cast<QComboBox *>(d->parameterTable()->cellWidget(0, 0));
        QVERIFY(box);
        // Headings, not choices; names from the scenario's labels.
        const int heading = box->findText(QStringLiteral("Character Baker"));
        QVERIFY(heading >= 0);
        const auto *model = qobject_cast<QStandardItemModel *>(box->model());
        QVERIFY(model);
        QVERIFY(!model->item(heading)->isEnabled());
        QVERIFY(!model->item(heading)->isSelectable());
        for (const char *name : {"Baker: speed", "Baker: position x", "Baker: Hunger rate", "Baker: Bake bread urgency",
                                 "Baker: Hunger start", "Hunger: rate", "Mine: position y",
                                 "Settings: planner cost weight", "Settings: day length"})
            QVERIFY2(box->findText(QLatin1String(name)) >= 0, name);
        QVERIFY(box->findText(QStringLiteral("Baker: Hunger rate")) > heading);
        for (int i = 0; i < box->count(); ++i)
            QVERIFY2(!box->itemText(i).contains(u'['), qPrintable(box->itemText(i))); // no raw path shown
        // Chosen by typing its name, as a designer does.
        box->lineEdit()->selectAll();
        QTest::keyClicks(box->lineEdit(), QStringLiteral("Baker: Hunger rate"));
        QTest::keyClick(box->lineEdit(), Qt::Key_Return);
        QCOMPARE(box->currentText(), QStringLiteral("Baker: Hunger rate"));
        QCOMPARE(d->fieldPath(0), QStringLiteral("agents[5].goals[1].rate"));
        // Saved as its path; a bare name gets .sweep.json (the dialog is driven).
        std::unique_ptr<QTimer> answer(answerSaveDialog(dir.filePath(QStringLiteral("hunger")), QString()));
        QTest::mouseClick(button(d, QStringLiteral("Save Sweep...")), Qt::LeftButton);
        QTRY_VERIFY(QFileInfo::exists(dir.filePath(QStringLiteral("hunger.sweep.json"))));
        QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("hunger"))));
        const QByteArray saved = readAll(dir.filePath(QStringLiteral("hunger.sweep.json")));
        QVERIFY2(saved.contains("\"agents[5].goals[1].rate\""), saved.constData());
    }

    // Issue #29, 9: Cancel leaves the bar at what was done, saying so (it
    // went to 100%), and the heatmap's cells not run have a pattern of
    // their own, named under the plot (they took a colour of the scale).
    void aCancelledSweepShowsWhatRan()
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(w.openFile(kSource + QStringLiteral("/scenarios/town.json")));
        SweepDialog *d = w.showSweep();
        d->resize(1000, 720);
        QVERIFY(QTest::qWaitForWindowExposed(d));
        // Days enough that a variant takes a while (a 3-day town ran all 100
        // between two polls of the bar on a fast machine), and Cancel pressed
        // as soon as the first result shows, not at the next poll.
        d->daysBox()->setValue(20);
        d->addParameter(QStringLiteral("agents[3].speed"), 1, 3, 10);
        d->addParameter(QStringLiteral("agents[0].speed"), 1, 3, 10);
        QCOMPARE(d->variantCount(), 100);
        QSignalSpy finished(d, &SweepDialog::finished);
        bool cancelling = false;
        connect(d->progressBar(), &QProgressBar::valueChanged, d, [&](int value) {
            if (value > 0 && !std::exchange(cancelling, true)) // something to show
                QTimer::singleShot(0, d,
                                   [&] { QTest::mouseClick(button(d, QStringLiteral("Cancel")), Qt::LeftButton); });
        });
        QTest::mouseClick(d->runButton(), Qt::LeftButton);
        QVERIFY(d->isRunning());
        QVERIFY(finished.wait(120000));
        QVERIFY(cancelling);
        const int ran = int(d->rows().size());
        QVERIFY2(ran < 100, qPrintable(QString::number(ran)));
        QCOMPARE(d->progressBar()->value(), ran);
        QVERIFY2(d->progressBar()->text().contains(u"cancelled"), qPrintable(d->progressBar()->text()));
        QVERIFY(d->colorMap());
        int striped = 0;
        for (int i = 0; i < d->plot()->itemCount(); ++i)
            striped += d->plot()->item(i)->objectName() == u"notRunCell";
        QCOMPARE(striped, 100 - ran);
        auto *note = qobject_cast<QCPTextElement *>(d->plot()->plotLayout()->element(0, 0));
        QVERIFY(note);
        QVERIFY2(note->text().contains(u"not run"), qPrintable(note->text()));
        const QString shot = qEnvironmentVariable("GOAP_SWEEP_SHOT");
        if (!shot.isEmpty()) // for a look at it
            d->grab().save(shot);
        // Run again to the end (a day each): nothing striped, the bar full.
        d->daysBox()->setValue(1);
        QTest::mouseClick(d->runButton(), Qt::LeftButton);
        QVERIFY(finished.wait(120000));
        QCOMPARE(d->rows().size(), 100);
        QCOMPARE(d->progressBar()->value(), d->progressBar()->maximum());
        QVERIFY(!d->progressBar()->text().contains(u"cancelled"));
        for (int i = 0; i < d->plot()->itemCount(); ++i)
            QVERIFY(d->plot()->item(i)->objectName() != u"notRunCell");
    }
};

QTEST_MAIN(TestSweepDialog)
#include "test_sweepdialog.moc"
