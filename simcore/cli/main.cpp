// goap-sim: the headless command line on simcore. Qt6::Core only: `run --plot`
// hands the run to goap-plot (editor/plot), which links the charts.
#include "commands.h"

#include <QCoreApplication>

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("goap-sim"));
    QCoreApplication::setApplicationVersion(QStringLiteral(GOAP_VERSION));
    QStringList args = QCoreApplication::arguments();
    args.removeFirst();
    return goap::cli::run(args);
}
