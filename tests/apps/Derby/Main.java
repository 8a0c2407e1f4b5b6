// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// A JDBC workload shared by tests/apps/Derby, H2 and HSQLDB (their run scripts give the
// JDBC URL): DDL, prepared and batched inserts, joins, aggregates, ordering, a
// transaction rolled back, metadata, constraint violations and a stored function.
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;

public class Main {
    static void print(Statement st, String sql) throws SQLException {
        try (ResultSet rs = st.executeQuery(sql)) {
            ResultSetMetaData md = rs.getMetaData();
            StringBuilder sb = new StringBuilder();
            while (rs.next()) {
                sb.append(sb.length() == 0 ? "" : " | ");
                for (int i = 1; i <= md.getColumnCount(); i++) {
                    if (i > 1) sb.append(", ");
                    sb.append(rs.getString(i));
                }
            }
            System.out.println(sql + "\n  -> " + sb);
        }
    }

    public static String initials(String s) {
        StringBuilder sb = new StringBuilder();
        for (String w : s.split(" ")) sb.append(w.charAt(0));
        return sb.toString();
    }

    public static void main(String[] args) throws Exception {
        String url = args[0];
        String functionDdl = args.length > 1 ? args[1] : null;
        try (Connection c = DriverManager.getConnection(url, "SA", "")) {
            Statement st = c.createStatement();
            st.execute("CREATE TABLE dept (id INT PRIMARY KEY, name VARCHAR(40) NOT NULL)");
            st.execute("CREATE TABLE emp (id INT PRIMARY KEY, name VARCHAR(40) NOT NULL, dept INT REFERENCES dept(id),"
                    + " salary DECIMAL(10,2), hired DATE)");
            st.executeUpdate("INSERT INTO dept VALUES (1, 'Runtime'), (2, 'Tools'), (3, 'Empty')");
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO emp VALUES (?, ?, ?, ?, ?)")) {
                String[] names = {"Ada Lovelace", "Alan Turing", "Grace Hopper", "Edsger Dijkstra", "Barbara Liskov"};
                for (int i = 0; i < names.length; i++) {
                    ps.setInt(1, i + 1);
                    ps.setString(2, names[i]);
                    ps.setInt(3, i % 2 + 1);
                    ps.setBigDecimal(4, new java.math.BigDecimal(1000 + 250 * i + ".50"));
                    ps.setDate(5, java.sql.Date.valueOf("2020-0" + (i + 1) + "-1" + i));
                    ps.addBatch();
                }
                int total = 0;
                for (int n : ps.executeBatch()) total += n;
                System.out.println("batch inserted " + total);
            }
            print(st, "SELECT d.name, COUNT(e.id), SUM(e.salary), MAX(e.hired) FROM dept d LEFT JOIN emp e ON e.dept = d.id"
                    + " GROUP BY d.name ORDER BY d.name");
            print(st, "SELECT name, salary FROM emp WHERE salary > 1400 ORDER BY salary DESC");
            print(st, "SELECT UPPER(name), LENGTH(name) FROM emp WHERE name LIKE '%a%' ORDER BY id");

            c.setAutoCommit(false);
            st.executeUpdate("UPDATE emp SET salary = salary * 2");
            print(st, "SELECT SUM(salary) FROM emp");
            c.rollback();
            c.setAutoCommit(true);
            print(st, "SELECT SUM(salary) FROM emp");

            try {
                st.executeUpdate("INSERT INTO emp VALUES (1, 'Duplicate', 1, 0, NULL)");
            } catch (SQLException e) {
                System.out.println("duplicate key: SQLState class " + e.getSQLState().substring(0, 2));
            }
            try {
                st.executeUpdate("INSERT INTO emp VALUES (9, 'Nobody', 99, 0, NULL)");
            } catch (SQLException e) {
                System.out.println("foreign key: SQLState class " + e.getSQLState().substring(0, 2));
            }
            if (functionDdl != null) {
                st.execute(functionDdl);
                print(st, "SELECT INITIALS(name) FROM emp ORDER BY id");
            }
            DatabaseMetaData md = c.getMetaData();
            try (ResultSet rs = md.getColumns(null, null, "EMP", null)) {
                StringBuilder sb = new StringBuilder();
                while (rs.next()) sb.append(rs.getString("COLUMN_NAME")).append(' ');
                System.out.println("columns of EMP: " + sb.toString().trim());
            }
            st.execute("DROP TABLE emp");
            st.execute("DROP TABLE dept");
        }
        System.out.println("done");
    }
}
