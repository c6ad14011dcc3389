// Run > Sweep: fields of the document varied in the background, the table
// and the heatmap, a cell that opens its variant, the CSV goap-sim sweep
// writes, and sweep files read back.
#include "mainwindow.h"
#include "sweep/sweepdialog.h"
#include "testutil.h"

#include <QComboBox>
#include <QLabel>
#include <QProcess>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include <qcustomplot.h>

using namespace goap;
using namespace goap::editor;

using goap::testing::kSource;
using goap::testing::readAll;

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
        // A click on the cell (urgency 2, speed 3) opens that variant, unsaved.
        d->plot()->replot();
        const QPoint cell(int(d->plot()->xAxis->coordToPixel(2)), int(d->plot()->yAxis->coordToPixel(3)));
        QTest::mouseClick(d->plot(), Qt::LeftButton, {}, cell);
        QTRY_COMPARE(w.scenario().agents[3].speed, 3.0);
        QCOMPARE(w.scenario().agents[5].goals[0].urgency.value_or(-1), 2.0);
        QVERIFY(w.scenario().name.contains(u"variant 5"));
        QVERIFY(w.fileName().isEmpty());
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
        QCOMPARE(static_cast<QComboBox *>(again.parameterTable()->cellWidget(1, 0))->currentText(),
                 QStringLiteral("agents[3].speed"));
        QFile uneven(dir.filePath(QStringLiteral("uneven.sweep.json")));
        QVERIFY(uneven.open(QIODevice::WriteOnly));
        uneven.write(
            "{ \"scenario\": \"town.json\", \"vary\": [ { \"path\": \"agents[3].speed\", \"values\": [1, 2, 5] } ] }");
        uneven.close();
        QVERIFY(again.loadSweep(uneven.fileName()).contains(u"not evenly spaced"));
    }
};

QTEST_MAIN(TestSweepDialog)
#include "test_sweepdialog.moc"
